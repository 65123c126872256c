def h(n):
    return int("x" * n)


def g(n):
    value = h(n) + 1
    return value


def f():
    return g(3)


f()
