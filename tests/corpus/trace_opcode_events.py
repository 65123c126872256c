import sys
ev = []
def local(frame, event, arg):
    ev.append(event)
    return local
def glob(frame, event, arg):
    if frame.f_code.co_name == "f":
        frame.f_trace_lines = False
        frame.f_trace_opcodes = True
        return local
def f(a):
    b = a + 1
    return b
sys.settrace(glob)
f(1)
sys.settrace(None)
print(ev[0], ev[-1], "line" in ev, ev.count("opcode") > 3)
