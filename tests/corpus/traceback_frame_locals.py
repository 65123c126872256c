# The locals a traceback's frames keep once their functions have ended:
# plain locals, cells and free variables, locals deleted or rebound after
# the raise, generator frames an exception passes through more than once,
# and frames whose exception was handled (nothing keeps them).
import sys
import traceback

kept = []


def fails(n):
    big = list(range(n))
    label = "fails-%d" % n
    del big
    return {}[label]


def keeps(n):
    try:
        fails(n)
    except KeyError as e:
        kept.append(e)
    later = n * 2
    return later


for i in range(3):
    keeps(i)

for e in kept:
    tb = e.__traceback__
    while tb is not None:
        fr = tb.tb_frame
        print(fr.f_code.co_name, tb.tb_lineno, sorted((k, v) for k, v in fr.f_locals.items() if k != "e"))
        tb = tb.tb_next


def closure_frames():
    counter = 10
    items = ["a"]

    def inner(x):
        items.append(x)
        return counter + {}[x]

    try:
        inner("k")
    except KeyError as e:
        counter = 11
        return e


e = closure_frames()
tb = e.__traceback__
while tb is not None:
    fr = tb.tb_frame
    print(fr.f_code.co_name, sorted((k, repr(v)) for k, v in fr.f_locals.items() if not callable(v) and k != "e"))
    tb = tb.tb_next


def gen(n):
    state = "start"
    for i in range(n):
        state = "step%d" % i
        try:
            yield i
        except ValueError:
            state = "caught%d" % i
            raise KeyError(state)


g = gen(5)
next(g)
for attempt in range(2):
    try:
        g.throw(ValueError("x"))
    except KeyError as e:
        fr = e.__traceback__.tb_next.tb_frame
        print(attempt, fr.f_code.co_name, sorted((k, v) for k, v in fr.f_locals.items() if k not in ("e",)))
    except StopIteration:
        print(attempt, "stopped")


def handled_many(n):
    hits = 0
    for i in range(n):
        try:
            {}[i]
        except KeyError:
            hits += 1
    return hits


print(handled_many(5000))

try:
    keeps_error = None

    def raise_in(depth):
        marker = "depth%d" % depth
        if depth == 0:
            raise RuntimeError(marker)
        return raise_in(depth - 1)

    raise_in(3)
except RuntimeError:
    te = traceback.TracebackException(*sys.exc_info(), capture_locals=True)
    for frame in te.stack:
        print(frame.name, frame.lineno, sorted((frame.locals or {}).items()))
