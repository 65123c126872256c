# Exceptions caught inside a function many times (EAFP lookups), and the
# frames their tracebacks hold: code identity, line, locals as the frame
# ended, globals, cleared frames, and the rendered traceback.
import sys
import traceback


def lookup(d, k):
    try:
        return d[k]
    except KeyError:
        return -1


d = {i: i * i for i in range(50)}
print(sum(lookup(d, i % 80) for i in range(20000)))


def outer(n):
    total = n + 1

    def helper():
        return total

    return middle(n, helper)


def middle(n, cb):
    scale = 3
    return {}[n * scale + cb()]


try:
    outer(4)
except KeyError as e:
    tb = e.__traceback__
    frames = []
    while tb is not None:
        frames.append(tb.tb_frame)
        tb = tb.tb_next
    for fr in frames[1:]:
        locs = {k: v for k, v in fr.f_locals.items() if not callable(v)}
        print(fr.f_code.co_name, fr.f_lineno, sorted(locs.items()), fr.f_globals is globals())
    print(frames[1].f_code is outer.__code__, frames[2].f_code is middle.__code__)
    frames[2].clear()
    print(sorted(frames[2].f_locals))
    traceback.print_exc(file=sys.stdout)

errors = 0
for i in range(3000):
    try:
        int("x%d" % i)
    except ValueError as e:
        errors += e.__traceback__.tb_frame.f_code is sys._getframe().f_code
print(errors)
