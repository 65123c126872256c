# A hook set by a call inside a compiled loop (the call inlined): the loop
# leaves compiled code at its next back-edge, and later calls report events.
import sys
calls = []
def tracer(frame, event, arg):
    if event == "call":
        calls.append(frame.f_code.co_name)
    return None

table = {3000: tracer}
def g(i):
    sys.settrace(table.get(i))
    return i + 1

def h(i):
    return i * 2

def loop(n):
    s = 0
    for i in range(n):
        s += h(i) + g(i)
    return s

print(loop(3005))
sys.settrace(None)
calls = calls[:6]
print(len(calls), calls[:4])
