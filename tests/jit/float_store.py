# Floats stored into list items in compiled loops. A store may reuse the old
# item's float object only when nothing but the list can see it: an old item
# that is also held by a local, by another list, by another slot of the same
# list or by the code's constants must keep its value, and an old item that
# is not an exact float (an int, None, a float subclass, a str) is replaced.


class MyFloat(float):
    pass


def accumulate(n):
    # The in-place case: each item is a float only the list holds.
    acc = [0.0] * 3
    for i in range(n):
        acc[0] += i * 0.5
        acc[1] -= 0.25
        acc[2] = acc[0] - acc[1]
    zero = 0.0
    return acc, zero


def shared(n):
    # The old item is also held by a local, by another list, by another slot
    # of the same list, or by a constant: none of them may see the new value.
    xs = [1.5, 2.5]
    saved = []
    wrong = 0
    pair = [0.5, 0.5]
    consts = (0.0, 1.0)
    cs = [0.0, 0.0]
    for i in range(n):
        prev = xs[0]
        xs[0] = i * 0.5
        if i > 0 and prev != (i - 1) * 0.5:
            wrong += 1
        if i % 997 == 0:
            saved.append(xs[1])
        xs[1] = i * 0.75
        pair[1] = pair[0]
        pair[0] = pair[0] + 1.0
        cs[0] = consts[i % 2]
        cs[0] += 0.5
    return xs, saved[:4], saved[-1], wrong, pair, consts, cs, 0.0, 1.0


def not_floats(n):
    # Old items that are not exact floats.
    m = [1, None, 'a', MyFloat(2.5), 3.5]
    kept = MyFloat(7.25)
    for i in range(n):
        m[0] = i
        m[0] = i * 0.5
        m[1] = None
        m[1] = i + 0.25
        m[2] = 'b'
        m[2] = i - 0.75
        m[3] = MyFloat(i)
        m[3] = i * 2.0
        m[4] = kept
        m[4] = i / 4
    return m, [type(v).__name__ for v in m], kept, type(kept).__name__


def indexes(n):
    # Indexes in variables, negative indexes, and a variable index that
    # turns negative after the loop is compiled.
    xs = [0.0] * 5
    j = 0
    for i in range(n):
        j = i % 5
        xs[j] = xs[j] + 1.0
        xs[-1] = i * 0.5
        k = i % 5 - 2 if i > n // 2 else 1
        xs[k] = xs[k] * 0.5 + i
    return xs, j


def iterate_and_store(n):
    # The loop variable holds the item being replaced.
    xs = [float(i) for i in range(16)]
    total = 0.0
    for _ in range(n // 16):
        k = 0
        for x in xs:
            xs[k] = x * 0.5 + 1.0
            total += x
            k += 1
    return xs, total


def overflow(xs, n):
    for i in range(n):
        xs[i] = i * 0.5


print(accumulate(20000))
print(shared(20000))
print(not_floats(20000))
print(indexes(20000))
print(iterate_and_store(20000))
ys = [0.0] * 3000
try:
    overflow(ys, 5000)
except IndexError as e:
    print('IndexError:', e)
print(len(ys), ys[0], ys[1], ys[2999], sum(ys))


class Shrinks:
    # Replaced by a float in a compiled loop, its finalizer shortens the list
    # the loop goes on to read.
    def __init__(self, xs):
        self.xs = xs

    def __del__(self):
        del self.xs[1:]


def refill(lists):
    lengths = []
    for xs in lists:
        xs[0] = xs[1] * 0.5
        lengths.append(len(xs))
        if len(xs) > 2:
            xs[2] = xs[1] + xs[0]
    return lengths


data = [[1.0, 2.0, 3.0] for _ in range(3000)]
data[2500][0] = Shrinks(data[2500])
lengths = refill(data)
print(lengths.count(3), lengths.count(1), lengths.index(1), data[2500], data[2499], data[2501])
