# all(genexpr), any(genexpr) and tuple(genexpr) compile to an inline loop
# guarded by `name is <the builtin>`; hot enough to be compiled, with
# short-circuits that abandon the generator half-way.
import builtins


def scan(rows):
    hits = misses = 0
    total = 0
    shapes = []
    for r in rows:
        if any(x > 8 for x in r):
            hits += 1
        if all(x < 10 for x in r):
            misses += 1
        t = tuple(x * 2 for x in r if x % 3)
        total += len(t) + sum(t)
        if len(shapes) < 3:
            shapes.append(t)
    return hits, misses, total, shapes


rows = [[(i * 7 + j) % 11 for j in range(i % 7)] for i in range(3000)]
print(scan(rows))
print(scan([[], [0], [9], [10, 1]] * 400))

# The names rebound: the program's own functions are called.
real_any, real_all, real_tuple = any, all, tuple
calls = []
builtins.any = lambda g: calls.append(("any", list(g))) or "mine"
builtins.all = lambda g: calls.append(("all", list(g))) or "ours"
print(any(x for x in [1, 2]), all(x for x in [0]))
print(calls)
builtins.any, builtins.all = real_any, real_all


def local_names(xs):
    any = lambda g: ("local any", sum(g))
    tuple = list
    return any(x for x in xs), tuple(x + 1 for x in xs)


print(local_names([1, 2, 3]))
print(any(x for x in []), all(x for x in []), tuple(x for x in []))

# Errors inside the inline loop: raised where CPython raises them.
def bad(xs):
    return any(1 / x for x in xs)


for xs in ([1, 2], [1, 0], [0, 3]):
    try:
        print(bad(xs))
    except ZeroDivisionError as e:
        print("ZeroDivisionError", e)
try:
    tuple(x for x in 5)
except TypeError as e:
    print("TypeError", e)
