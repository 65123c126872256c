# Where a frame stands at a yield, as tools read it: the instruction at
# f_lasti of a suspended generator, and at the 'return' event a yield
# reports to a trace function. A tool (coverage.py) tells a yield from a
# real return by whether that instruction is followed by / is RESUME.
import dis
import sys


def opname_at(frame):
    # RETURN_VALUE / RETURN_CONST (3.12-3.13) are both "a return" here.
    code = frame.f_code.co_code
    i = frame.f_lasti
    name = dis.opname[code[i]] if 0 <= i < len(code) else None
    return "RETURN" if name and name.startswith("RETURN") else name


def counter(n):
    for i in range(n):
        yield i
    return "done"


def delegate():
    got = yield from counter(2)
    yield got


g = counter(3)
next(g)
print("suspended at a yield:", opname_at(g.gi_frame))
next(g)
print("still at a yield:", opname_at(g.gi_frame))

events = []


def tracer(frame, event, arg):
    if frame.f_code.co_name in ("counter", "delegate") and event == "return":
        events.append((frame.f_code.co_name, frame.f_lineno, opname_at(frame), arg))
    return tracer


sys.settrace(tracer)
for x in delegate():
    pass
print(list(counter(2)))
sys.settrace(None)
for e in events:
    print(e)
