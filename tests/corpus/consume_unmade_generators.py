# Generators made only to be consumed at once (`list(gen(a, b))`,
# `set(...)`, `sep.join(x for x in range(k))`) in hot loops: the compiled
# loop runs their bodies without making the generator, and `range(...)`
# feeding a loop or a generator makes its iterator directly. Exits inside
# the bodies, exceptions, values a set must hash with Python code, a
# generator function whose code changes, cells made by the prologue, and
# range bounds past the fast path.
import sys


def pairs(n, scale):
    for i in range(n):
        yield i * scale


def with_args(n):
    total = 0
    for i in range(n):
        total += sum(list(pairs(i % 5, i)))
        total += len(set(pairs(i % 7, 3)))
    return total


print(with_args(3000))


def closure_gen(n):
    base = 7
    words = ["a", "bb", "ccc"]

    def g(k):
        for j in range(k):
            yield words[(base + j) % 3]

    out = []
    for i in range(n):
        base = i
        out.append("-".join(g(i % 4)))
    return out[-3:], sum(len(s) for s in out)


print(closure_gen(2000))


def cell_in_prologue(n):
    def g(k):
        def get():
            return k
        for j in range(k):
            yield get() + j
    return sum(sum(list(g(i % 4))) for i in range(n))


print(cell_in_prologue(1500))


class Key:
    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return self.v % 3

    def __eq__(self, other):
        return isinstance(other, Key) and self.v % 3 == other.v % 3


def declined(n):
    sizes = 0
    for i in range(n):
        s = set(Key(j) if i % 50 == 49 else j for j in range(i % 6))
        sizes += len(s)
    return sizes


print(declined(2000))


def raises_inside(n):
    out = []
    for i in range(n):
        try:
            out.append(tuple(list(100 // (j - 3) for j in range(i % 6))))
        except ZeroDivisionError as e:
            out.append(str(e))
    return out[-4:], len(out)


print(raises_inside(1200))


def first(k):
    for j in range(k):
        yield j


def second(k):
    for j in range(k):
        yield -2 * j - 1


def code_changes(n):
    total = 0
    for i in range(n):
        if i == n // 2:
            first.__code__ = second.__code__
        total += sum(list(first(i % 5)))
    return total


print(code_changes(2000))


def ranges(n):
    big = 2 ** 62
    total = 0
    for i in range(n):
        for j in range(i % 3, i % 3 + 2):
            total += j
        total += len(list(x for x in range(big, big + (i % 3))))
        total += sum(x for x in range(-(i % 4), 2))
        total += len([x for x in range(5, i % 4)])
        total += sum(x for x in range(i % 5, -3, -(1 + i % 2)))
        total += len(list(x for x in range(0, 3 * (i % 4), 3)))
    return total


print(ranges(2000))


def bad_range(n):
    k = 3
    acc = 0
    for i in range(n):
        if i == n - 5:
            k = 2.5
        try:
            acc += len(",".join(str(j) for j in range(k)))
        except TypeError as e:
            acc += 1000
            print("caught", e)
    return acc


print(bad_range(1500))


def zero_step(n):
    acc = 0
    for i in range(n):
        step = 0 if i % 400 == 399 else 1 + i % 3
        try:
            acc += sum(j for j in range(0, 10, step))
        except ValueError as e:
            acc -= 1
            last = str(e)
    return acc, last


print(zero_step(1600))


def empty_and_self_consumed(n):
    c = 0
    for i in range(n):
        c += len(list(pairs(0, i)))
        g = pairs(i % 3, 2)
        c += len(list(g)) + len(list(g))
    return c


print(empty_and_self_consumed(2000))
sys.stdout.flush()


def uncaught(n):
    for i in range(n):
        list(pairs(i % 4, 1 // (n - 1 - i)))


uncaught(600)
