import sys

def gen(n):
    for i in range(n):
        yield i * 2

def fails(x):
    if x > 1:
        raise ValueError("big")
    return x

def work(n):
    total = 0
    for i in range(n):
        total += i
    try:
        fails(n)
    except ValueError as e:
        total -= 1
    for v in gen(2):
        total += v
    return total

def hot(n):
    s = 0
    for i in range(n):
        s += i
    return s

hot(3000)  # compiled before the hook is set

events = []
def tracer(frame, event, arg):
    name = frame.f_code.co_name
    if event == "exception":
        arg = (arg[0].__name__, str(arg[1]), type(arg[2]).__name__)
    events.append((event, name, frame.f_lineno, arg))
    return tracer

sys.settrace(tracer)
r = work(3)
h = hot(3)
sys.settrace(None)
print(r, h)
for e in events:
    print(*e)
print(sys.gettrace())
