# The interpreter's small-int read (one word through the probed int layout)
# feeds BINARY_OP, COMPARE_OP, subscripts, slices, list.pop and list * n.
# Values around the one-limb and i64 limits, zero's sign, int subclasses
# (which must take the generic path), and mixed int/float near 2**53.

EDGES = [
    0, 1, -1, 2, -2, 255, 256, -5, -6,
    2**31 - 1, 2**31, -2**31, -2**31 - 1,
    2**53 - 1, 2**53, 2**53 + 1, -2**53, -2**53 - 1,
    2**62, -2**62, 2**63 - 1, -2**63 + 1, -2**63, 2**63, -2**63 - 1,
    2**64 - 1, 2**64, -2**64, 2**64 + 1, 2**100, -2**100,
]


def arith(a, b):
    out = [a + b, a - b, a * b, a & b, a | b, a ^ b]
    if b:
        out += [a // b, a % b, a / b]
    return out


def compares(a, b):
    return (a < b, a <= b, a == b, a != b, a > b, a >= b)


class MyInt(int):
    def __add__(self, other):
        return "MyInt.__add__"

    def __lt__(self, other):
        return "MyInt.__lt__"

    def __index__(self):
        return 1


def main():
    h = 0
    for a in EDGES:
        for b in EDGES:
            for r in arith(a, b):
                h = (h * 1000003 + hash(r)) & 0xFFFFFFFFFFFF
            for r in compares(a, b):
                h = h * 3 + r
            h &= 0xFFFFFFFFFFFF
    print("edges hash", h)
    for a, b in [(2**63 - 1, 1), (-2**63, -1), (-2**63 + 1, -1), (2**62, 2), (-2**62, 2), (2**63 - 1, -1)]:
        print(a, b, a + b, a - b, a * b, a // b, a % b, -a)
    # zero and negative zero results keep their sign through the read
    z = 5 - 5
    print(z, -z, z == 0, 0 - 0 == -0, (-1) * 0, (-7) % 7)
    # mixed int / float around 2**53
    for i in [2**53 - 1, 2**53, 2**53 + 1, -2**53 - 1, 2**63, -2**63]:
        f = float(i)
        print(i, i < f, i == f, i > f, f < i, f == i, i + 0.5, f - i)
    # subclasses keep their own methods
    m = MyInt(3)
    print(m + 1, m < 2, 1 + m, m * 2, [10, 20, 30, 40][m])
    # subscripts and slices with edge indexes
    xs = list(range(10))
    t = tuple(xs)
    s = "abcdefghij"
    for i in [0, 9, -1, -10, 10, -11, 2**63 - 1, -2**63, 2**63, 2**64, -2**100]:
        for seq in (xs, t, s):
            try:
                print(repr(seq[i]), end=" ")
            except IndexError as e:
                print("IndexError", e, end=" ")
        print()
        try:
            ys = list(xs)
            ys[i] = "x"
            print(ys)
        except IndexError as e:
            print("IndexError", e)
        for lo, hi in [(i, None), (None, i), (-i if isinstance(i, int) else 0, i)]:
            print(xs[lo:hi], t[lo:hi:2], s[lo:hi])
    # list.pop with edge indexes
    for i in [0, -1, 9, 10, -11, 2**63 - 1, -2**63, 2**64]:
        ys = list(xs)
        try:
            print(ys.pop(i), ys)
        except (IndexError, OverflowError) as e:
            print(type(e).__name__, e)
    # list * n
    for n in [0, -1, 3, -2**63, 2]:
        print([1, 2] * n, n * [7])
    try:
        print(len([1] * 2**63))
    except (OverflowError, MemoryError) as e:
        print(type(e).__name__)
    # sums and loops that cross the i64 limit
    acc = 2**63 - 10
    for _ in range(20):
        acc += 1
    print(acc, acc - 2**63, -acc)
    big = -2**63
    print(big - 1, big + 1, big * -1, big // -1, abs(big), big == -2**63, big < -2**63 + 1)


main()
