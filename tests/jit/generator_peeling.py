# Consumer loops over generators: the generators' frames run inside the
# consumers' traces (peeled), and min/max/any/all/list/set/sorted/join run
# generator expressions in push mode.


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
        yield a


def evens(seq):
    for x in seq:
        if x % 2 == 0:
            yield x


def squares_below(n):
    i = 0
    while i < n:
        yield i * i
        i += 1


def consume(n):
    total = 0
    for v in squares_below(n):
        total += v % 7
    return total


def chained(k):
    total = 0
    for v in evens(fib(k)):
        total += v % 1000
    return total


def builtins_over_generators(n):
    a = max(x * 3 % 101 for x in range(n))
    b = min(x * 7 % 103 for x in range(n))
    c = any(x > n for x in range(n))
    d = all(x >= 0 for x in range(n))
    e = len(list(x for x in range(n) if x % 3))
    f = len(set(x % 50 for x in range(n)))
    g = len(",".join(str(x % 10) for x in range(n)))
    return a, b, c, d, e, f, g


print(consume(5000))
print(sum(chained(60) for _ in range(300)))
print(builtins_over_generators(5000))
