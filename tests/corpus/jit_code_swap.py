# Assigning __code__ to a function that compiled code has inlined: the
# next call runs the new code (a plain function, a method, __init__, an
# operator method), in loops hot enough to be compiled.


def f(x):
    return x + 1


def g(x):
    return x * 100


def plain():
    total = 0
    for i in range(3000):
        if i == 2000:
            f.__code__ = g.__code__
        total += f(i)
    return total


class C:
    def m(self, x):
        return x - 1

    def __init__(self, v):
        self.v = v

    def __add__(self, other):
        return C(self.v + other.v)


def m2(self, x):
    return x * 3


def init2(self, v):
    self.v = -v


def add2(self, other):
    return C(self.v * other.v)


def method():
    c = C(0)
    total = 0
    for i in range(3000):
        if i == 1500:
            C.m.__code__ = m2.__code__
        total += c.m(i)
    return total


def init():
    total = 0
    for i in range(3000):
        if i == 2500:
            C.__init__.__code__ = init2.__code__
        total += C(i).v
    return total


def operator():
    total = 0
    one = C(2)
    for i in range(3000):
        if i == 1000:
            C.__add__.__code__ = add2.__code__
        total += (C(i) + one).v
    return total


print(plain(), method(), init(), operator())
