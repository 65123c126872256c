# np.vectorize of functions with loops: `while` on a staged condition, `for`
# over a range with a staged bound, and `for` over a fixed range with staged
# branches. hipy stages a loop on a staged condition as its iterations, each
# test a branch, up to 16 of them; elements that loop longer send the call
# to plain Python (same values either way).
import math
import numpy as np


def halvings(x):
    n = 0
    while x > 1.0:
        x = x / 2.0
        n += 1
    return n


def newton_steps(x):
    # sqrt by Newton's method from above; the loop ends where it stops improving
    y = x + 1.0
    steps = 0
    while y * y - x > 1e-9 * x:
        y = (y + x / y) / 2.0
        steps = steps + 1
    return y, steps


def triangle(n):
    s = 0
    for i in range(n):
        s += i
    return s


def countdown_from(n):
    out = 0.0
    for i in range(n, 0, -1):
        out = out * 0.5 + i
    return out


def clamp_steps(x):
    for k in range(3):
        if x > k:
            x = x - 0.75
    return x


def growth(x):
    n = 0
    while x < 1000.0:
        x = x * 1.5 + 1.0
        n = n + 1
        if n > 40:
            return -1
    return n


x = np.linspace(0.25, 900.0, 37)
print(np.vectorize(halvings)(x).tolist())
print(np.vectorize(halvings)(np.array([3.0, 1e6, 0.5])).tolist())
big = np.array([1.5, 2.0, 1e300])
print(np.vectorize(halvings)(big).tolist())

ys = np.vectorize(lambda v: newton_steps(v)[0])(np.array([2.0, 3.0, 10.0, 0.5]))
print([float(v).hex() for v in ys])
print(np.vectorize(lambda v: newton_steps(v)[1])(np.array([2.0, 3.0, 10.0, 0.5])).tolist())

n = np.arange(0, 12)
print(np.vectorize(triangle)(n).tolist())
print(np.vectorize(triangle)(np.array([3, 40, 5])).tolist())
print(np.vectorize(triangle)(np.array([-3, 0, 2])).tolist())
print(np.vectorize(countdown_from)(np.array([0, 1, 4, 9])).tolist())
print(np.vectorize(clamp_steps)(np.linspace(-1.0, 4.0, 11)).tolist())
print(np.vectorize(growth)(np.array([1.0, 10.0, 500.0, 2000.0])).tolist())
print(np.vectorize(lambda v: math.sqrt(v) if v > 0 else 0.0)(np.array([4.0, -1.0])).tolist())
