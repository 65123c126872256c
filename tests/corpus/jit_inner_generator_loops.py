# Inner loops over generators inside hot loops: `any(...)`, `all(...)` and
# `tuple(...)` of a generator expression (compiled, as in CPython 3.14, to
# a loop in the caller), and `for x in gen()` loops that break early,
# finish, or raise. Compiled code follows such a loop value by value; the
# lengths vary, generators are closed when dropped (their `finally` runs
# at once), and exceptions come from inside them.
import sys


def predicates(n):
    rows = [[(i * 7 + j) % 13 for j in range(i % 7)] for i in range(50)]
    hits = 0
    for k in range(n):
        row = rows[k % 50]
        if any(x > 11 for x in row):
            hits += 1
        if all(x > 0 for x in row):
            hits += 2
        hits += len(tuple(x for x in row if x & 1))
    return hits


print(predicates(20000))


log = []


def counted(n):
    try:
        for i in range(n):
            yield i
    finally:
        log.append(n)


def early_break(n):
    total = 0
    for k in range(n):
        for x in counted(k % 6):
            if x == 2:
                break
            total += x
    return total, len(log), log[-6:]


print(early_break(3000))


def words(text):
    for w in text.split():
        yield w.lower()


def nested_generators(n):
    lines = ["The quick Brown fox", "jumps over", "", "the LAZY dog again and again"]
    seen = {}
    for k in range(n):
        for w in words(lines[k % 4]):
            seen[w] = seen.get(w, 0) + 1
    return sorted(seen.items())


print(nested_generators(4000))


def failing(k):
    for i in range(4):
        yield 10 // (i - k % 5)


def raises(n):
    caught = 0
    total = 0
    for k in range(n):
        try:
            for v in failing(k):
                total += v
        except ZeroDivisionError:
            caught += 1
    return caught, total


print(raises(3000))


def long_inner(n):
    total = 0
    for k in range(n):
        total += sum(1 for x in range(k % 200) if x % 3 == 0)
        if any(x == k % 150 for x in range(100)):
            total += 1
    return total


print(long_inner(1500))
sys.stdout.flush()


def dividing(m):
    for j in range(3):
        yield 10 // (m - j)


def uncaught(n):
    total = 0
    for k in range(n):
        for v in dividing(n - 1 - k):
            total += v


uncaught(700)
