# Values at the edges of i64 through the consumers that take a generator's
# values directly (sum, max, min, set) and through sum() of lists and tuples:
# i64::MIN and MAX, one past them, bools, ints that overflow a running total,
# and a total that goes from int to float and back to the generic path.
import sys

MIN = -(2**63)
MAX = 2**63 - 1


def g(xs):
    for x in xs:
        yield x


def rows():
    return [
        [MIN],
        [MIN, -1],
        [MAX, 1],
        [MAX, -1, 1],
        [MIN, MAX],
        [2**64, -(2**64), 5],
        [True, False, True, MAX],
        [1, 2.5, MAX],
        [MAX, MAX, 0.5],
        [10**30, -(10**30), 7],
        [-1] * 5,
    ]


for row in rows():
    print(sum(g(row)), sum(row), sum(tuple(row)), sum(row, MIN), sum(g(row), 0.0))
    print(max(g(row)), min(g(row)), sorted(set(g(row))))
print(max(g([MIN, MIN + 1])), min(g([MAX, MAX - 1, MIN])))
print(max(g([True, 1])), min(g([1, True])), max(g([2**70, 1, MAX])))
print(type(sum([True, True])), type(sum(g([True]))), type(max(g([True, False]))))


def sums(n):
    out = 0
    for i in range(n):
        out += sum([i, MAX - n, -i]) - sum((MIN + n, i))
    return out


print(sums(3000))
print(sum(x for x in range(-5, 5)), sum(x * MAX for x in range(3)), sum(x * MIN for x in range(3)))
