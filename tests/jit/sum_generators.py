# sum() over generators whose loops compile in push mode: each yield goes to
# sum's total from compiled code. Values the total cannot take without Python
# code (objects with __radd__, a float after a huge int) are declined: the
# generator suspends and sum adds them with +, then resumes it.
import sys


def flags_sum(flags):
    return sum(1 for f in flags if f)


def squares(n):
    i = 0
    while i < n:
        yield i * i
        i += 1


def floats(n):
    for i in range(n):
        yield i * 0.5


def mixed(n):
    for i in range(n):
        if i % 7 == 0:
            yield 0.25
        else:
            yield i


class Tally:
    def __init__(self):
        self.seen = 0

    def __radd__(self, other):
        self.seen += 1
        return other + 1000


T = Tally()


def with_objects(n):
    for i in range(n):
        if i % 50 == 49:
            yield T
        else:
            yield i


def huge_then_float(n):
    for i in range(n):
        if i == n // 2:
            yield 10 ** 30
        yield 1


def overflowing(n):
    for i in range(n):
        yield sys.maxsize // 3


def nested(n):
    for i in range(n):
        yield sum(j for j in range(i % 5))


def raising(n):
    for i in range(n):
        if i == n - 1:
            raise KeyError(i)
        yield i


def main():
    flags = [True, False, False, True, False] * 400
    for rep in range(30):
        a = flags_sum(flags)
        b = sum(squares(300))
        c = sum(floats(300))
        d = sum(mixed(300))
        e = sum(with_objects(300))
        f = sum(huge_then_float(300))
        g = sum(overflowing(300))
        h = sum(nested(300))
        i = sum(squares(50), 0.5)
        try:
            sum(raising(200))
            k = None
        except KeyError as ex:
            k = ex.args
        if rep % 10 == 0:
            print(rep, a, b, c, d, e, f, g, h, i, k)
    print(T.seen)
    gen = squares(100)
    print(next(gen), next(gen), sum(gen), sum(gen))


main()
