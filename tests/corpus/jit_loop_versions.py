# One loop run with inputs of different classes: the JIT compiles a version of
# the loop per class (up to a limit, then bridges), and each must give the
# interpreter's answer. Also float() of ints inside compiled loops.


class A:
    def __init__(self, v):
        self.v = v

    def step(self):
        return A(self.v - 1)

    def weight(self):
        return self.v


class B(A):
    def step(self):
        return B(self.v - 2)

    def weight(self):
        return self.v * 0.5


class C:
    __slots__ = ("v",)

    def __init__(self, v):
        self.v = v

    def step(self):
        return C(self.v - 3)

    def weight(self):
        return float(self.v) / 3


class D(C):
    __slots__ = ()

    def weight(self):
        return -self.v


class E(A):
    def step(self):
        return E(self.v - 1)


def run(x, acc):
    # The loop's classes come from its inputs: x and acc.
    while x.v > 0:
        acc = acc + x.weight()
        x = x.step()
    return acc, type(x).__name__, x.v


def mixed(items):
    out = []
    for it in items:
        out.append(run(it, 0))
    return out


def conversions(n):
    t = 0.0
    big = 2**62 + 1
    for i in range(n):
        t += float(i) + float(-i * 3)
        if i % 997 == 0:
            t += float(big) - float(2**53 + 1) + float(True) + float(2.5)
    return t


def main():
    for cls in (A, B, A, C, D, E, B, A, C):
        print(cls.__name__, run(cls(5000), 0), run(cls(3001), 0.5))
    print(mixed([A(300), B(300), C(300), D(300), E(300)] * 20)[-5:])
    print(conversions(50000))
    print(float(9007199254740993), float(-2**63), float(2**63 - 1), float(2**70))


main()
