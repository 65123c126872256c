import sys
ev = []
def t(frame, event, arg):
    if frame.f_code.co_filename == __file__:
        ev.append((event, frame.f_code.co_name, frame.f_lineno))
    return t
class CM:
    def __enter__(self): return self
    def __exit__(self, *a): return False
def f():
    with CM():
        x = list(range(2))
    class K:
        a = 1
    try:
        raise KeyError(1)
    except KeyError:
        pass
    finally:
        y = 2
    while x:
        x.pop()
    return len(x)
def g():
    try:
        return f()
    finally:
        pass
sys.settrace(t)
g()
sys.settrace(None)
for e in ev: print(*e)
