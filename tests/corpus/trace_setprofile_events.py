import sys

class Box:
    def __init__(self, v):
        self.v = v
    def get(self):
        return self.v

def gen():
    yield 1
    yield 2

def inner(xs):
    xs.append(len(xs))
    return sorted(xs, key=lambda v: -v)

def boom():
    raise KeyError("k")

def work():
    b = Box(3)
    out = inner([3, 1])
    out.append(b.get())
    s = sum(gen())
    try:
        boom()
    except KeyError:
        pass
    try:
        int("x")
    except ValueError:
        pass
    d = {}
    d.get(1)
    list.append(out, 9)
    print("in work", out, s, max(1, 2), isinstance(b, Box))
    return len(out)

log = []
def prof(frame, event, arg):
    if event.startswith("c_"):
        what = getattr(arg, "__qualname__", getattr(arg, "__name__", "?"))
    else:
        what = repr(arg) if event == "return" else arg
    log.append((event, frame.f_code.co_name, frame.f_lineno, what))

sys.setprofile(prof)
r = work()
sys.setprofile(None)
print(r)
for e in log:
    print(*e)

# f_trace set directly, a local tracer that stops line events, settrace(None) in a tracer
lines = []
def local(frame, event, arg):
    lines.append((event, frame.f_code.co_name, frame.f_lineno))
    return local
def g():
    a = 1
    b = a + 1
    return b
def f():
    frame = sys._getframe()
    frame.f_trace = local
    sys.settrace(lambda *a: None)
    x = 1
    y = g()
    return x + y
f()
sys.settrace(None)
for e in lines:
    print(*e)

def stopper(frame, event, arg):
    lines.append(("S", event, frame.f_code.co_name, frame.f_lineno))
    if frame.f_lineno == 63:
        sys.settrace(None)
    return stopper
lines.clear()
sys.settrace(stopper)
g()
g()
for e in lines:
    print(*e)
print(sys.gettrace() is stopper, sys.getprofile())
