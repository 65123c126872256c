# Functions run hot (the JIT compiles their loops) before coverage starts;
# then coverage measures a second round of calls through its API.
import sys
import coverage


def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n //= 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


def classify(values):
    small = big = 0
    for v in values:
        if v < 50:
            small += 1
        elif v < 100:
            big += 1
        else:
            raise ValueError(v)
    return small, big


def squares(n):
    for i in range(n):
        yield i * i


def guarded(values):
    try:
        return classify(values)
    except ValueError as e:
        return ("too big", e.args[0])


def never_called():
    return "unreached"


for _ in range(300):
    collatz_steps(27)
    sum(squares(40))
    classify(range(60))

cov = coverage.Coverage(data_file=None, branch=True, include=[__file__])
cov.start()
total = sum(collatz_steps(k) for k in range(1, 40))
print(total, sum(squares(30)), guarded(range(99)), guarded([1, 2, 200]))
cov.stop()
data = cov.get_data()
lines = sorted(data.lines(__file__))
arcs = sorted(data.arcs(__file__))
print("lines", lines)
print("arcs", arcs)
