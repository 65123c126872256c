# Inner loops with short, fixed trip counts (8 and 32 items), entered again and
# again: they must compile, whichever iteration their recording starts at.


def scaled_sum(xs):
    t = 0.0
    for x in xs:
        t += x * 2.0
    return t


def count_odd(ns):
    c = 0
    for n in ns:
        if n % 2:
            c += 1
    return c


eight = [0.5 * i for i in range(8)]
thirty_two = list(range(32))
s = 0.0
c = 0
for i in range(3000):
    s += scaled_sum(eight)
    c += count_odd(thirty_two)
print(s, c)
