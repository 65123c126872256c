# Functions made in hot loops (lambdas, closures, generator expressions):
# compiled code keeps such a function unmade until it escapes. Functions
# that escape (stored, passed, returned, called), read through their
# attributes, carried to the next iteration, made with defaults and
# keyword defaults, and exits while one is unmade (random-exit mode).
import sys


def stored(n):
    fs = []
    for i in range(n):
        f = lambda x, i=i: x * i
        if i % 100 == 0:
            fs.append(f)
    return [g(3) for g in fs]


print(stored(1000))


def passed(n):
    total = 0
    data = [5, 3, 9, 1]
    for i in range(n):
        k = i % 4
        total += sorted(data, key=lambda v: (v - data[k]) ** 2)[0]
    return total


print(passed(2000))


def attributes(n):
    names = set()
    total = 0
    for i in range(n):
        def inner(a, b=i, *, c=2 * i):
            return a + b + c
        if i % 250 == 0:
            names.add(inner.__name__)
            names.add(inner.__qualname__)
            total += len(inner.__defaults__) + len(inner.__kwdefaults__)
            total += inner.__code__.co_argcount
        total += inner(1)
    return total, sorted(names)


print(attributes(1000))


def carried(n):
    prev = None
    acc = 0
    for i in range(n):
        if prev is not None:
            acc += prev()
        prev = lambda i=i: i * 2
    return acc


print(carried(1500))


def closure_cells(n):
    out = 0
    for i in range(n):
        x = i
        def get():
            return x
        x = x + 1
        out += get()
    return out


print(closure_cells(1500))


def genexpr_closure(n):
    words = ["ab", "c", "def"]
    out = []
    for i in range(n):
        sep = "," if i % 2 else ";"
        out.append(sep.join(words[(i + j) % 3] for j in range(i % 4)))
    return out[-4:], sum(map(len, out))


print(genexpr_closure(2000))


def identity_and_repr(n):
    seen = 0
    for i in range(n):
        f = lambda: i
        g = f
        if g is f and callable(f):
            seen += 1
        if i == n - 1:
            print(repr(f).split(" at ")[0])
    return seen


print(identity_and_repr(1000))


def raising_in_genexpr(n):
    res = 0
    for i in range(n):
        try:
            res += sum(list(10 // (j - i % 7) for j in range(3)))
        except ZeroDivisionError:
            res -= 1
    return res


print(raising_in_genexpr(1400))
sys.stdout.flush()


def uncaught(n):
    total = 0
    for i in range(n):
        total += len("".join(str(100 // (n - 1 - i - j)) for j in range(2)))
    return total


print(uncaught(800))
