# Calls that leave parameters to their defaults, in loops hot enough to be
# compiled (the JIT inlines them): ints, floats, None, strs, a shared
# mutable default, methods, and defaults replaced while the loop runs.


def scale(x, factor=2, offset=0.5):
    return x * factor + offset


def tag(x, prefix="n", sep=None):
    return prefix + str(x) + ("" if sep is None else sep)


def collect(x, acc=[]):
    acc.append(x)
    return len(acc)


class Account:
    def __init__(self):
        self.balance = 0

    def deposit(self, amount, fee=1, note=None):
        self.balance += amount - fee
        return note


def main():
    total = 0.0
    for i in range(3000):
        total += scale(i) + scale(i, 3) + scale(i, 1, 0.0)
    print(total)
    names = [tag(i) for i in range(5)] + [tag(i, "x") for i in range(3)] + [tag(i, "y", "!") for i in range(2)]
    print(names)
    n = 0
    for i in range(2500):
        n = collect(i)
    print(n, len(collect.__defaults__[0]))
    a = Account()
    notes = 0
    for i in range(3000):
        if a.deposit(i) is None:
            notes += 1
        a.deposit(1, 0)
    print(a.balance, notes)
    # Defaults replaced while the compiled loop runs.
    out = 0
    for i in range(3000):
        if i == 1200:
            scale.__defaults__ = (10, 1)
        if i == 2400:
            scale.__defaults__ = (3, 2.5)
        out += scale(i)
    print(out)
    # Too few defaults for the call now: the error CPython gives.
    scale.__defaults__ = None
    try:
        for i in range(3000):
            out += scale(i, 2, 0) if i < 2000 else scale(i)
    except TypeError as e:
        print("TypeError", e)
    print(out)
    # A bool default stays a bool.
    def flag(x, on=True):
        return on if x % 2 else not on
    print(sum(flag(i) for i in range(3001)), type(flag(1)).__name__)


main()
