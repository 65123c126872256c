# Generators driven by a for loop switch frames with their consumer inside
# the interpreter's loop: yields, returns, errors both ways, break and
# close, nesting, recursion and introspection of the suspended frame.
import sys
import traceback


def count(n):
    for i in range(n):
        yield i
    return "done"


def squares(it):
    for x in it:
        yield x * x


def failing(n):
    for i in range(n):
        if i == 2:
            raise ValueError("at %d" % i)
        yield i


def with_finally(log):
    try:
        for i in range(10):
            yield i
    finally:
        log.append("closed")


def tree(n):
    if n <= 0:
        return
    for x in tree(n - 1):
        yield x
    yield n
    for x in tree(n - 2):
        yield x


def back_name(g):
    for x in g:
        yield sys._getframe().f_back.f_code.co_name


def consumer_frame():
    return list(back_name(count(2)))


print(list(count(4)), sum(squares(count(5))))
total = 0
for a in count(3):
    for b in squares(count(a + 1)):
        total += a * b
print("nested", total)
try:
    for v in failing(5):
        print("got", v)
except ValueError as e:
    print("error", e, [fr.name for fr in traceback.extract_tb(e.__traceback__)])

log = []
for v in with_finally(log):
    if v == 3:
        break
print("break", v, log)
g = with_finally(log)
for v in g:
    if v == 1:
        break
g.close()
print("close", log)

try:
    for v in count(5):
        if v == 2:
            raise KeyError(v)
except KeyError as e:
    print("consumer error", e)

print("tree", list(tree(4)))
print("frames", consumer_frame())
gen = count(3)
for v in gen:
    print("running", gen.gi_running, v, gen.gi_frame is not None)
print("exhausted", gen.gi_frame, next(gen, "end"))

# Recursion limit reached by a generator chain.
def deep(n):
    if n == 0:
        yield 0
        return
    for x in deep(n - 1):
        yield x + 1


sys.setrecursionlimit(150)
try:
    print(list(deep(300)))
except RecursionError:
    print("RecursionError")
sys.setrecursionlimit(1000)
print("deep ok", list(deep(50))[-1])
