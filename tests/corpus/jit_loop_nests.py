# Loop nests run compiled as a whole: an outer loop's trace ends by entering
# its inner loop's trace, and the inner loop's exit continues the outer body
# through a bridge back into the outer loop. Inner loops of every length
# (none included), comprehensions, break/continue, exceptions, del, and
# values of changing types flowing through the nest.


def comprehensions(n):
    words = ["a", "bb", "ccc", "dddd"]
    total = 0
    out = []
    for i in range(n):
        parts = [words[j] for j in range(i % 5)]
        total += len(" ".join(parts))
        if i % 97 == 0:
            out.append(parts)
    return total, out[:3], len(out)


def ragged(rows):
    sums = []
    for row in rows:
        s = 0
        for x in row:
            s += x
        sums.append(s)
    return sums


def while_in_for(n):
    steps = 0
    for k in range(1, n):
        m = k
        while m != 1:
            m = m // 2 if m % 2 == 0 else 3 * m + 1
            steps += 1
    return steps


def breaks_and_continues(n):
    found = []
    for i in range(n):
        for j in range(i):
            if j * j > i:
                break
            if (i + j) % 3 == 0:
                continue
            if i % (j + 1) == 0 and j > 1:
                found.append((i, j))
                break
    return len(found), found[:5], found[-3:]


def raising_inner(n):
    caught = 0
    acc = 0
    for i in range(n):
        try:
            for j in range(i % 6):
                acc += 10 // (j - 3)
        except ZeroDivisionError:
            caught += 1
    return caught, acc


def mixed_types(n):
    acc = 0
    for i in range(n):
        vals = [i, float(i), i * 10**20] if i % 7 else [True, -1, 0.5]
        for v in vals:
            acc += v
    return acc


def deleted_names(n):
    out = 0
    for i in range(n):
        for j in range(i % 3):
            out += j
        if i % 4 == 0:
            try:
                del j
            except NameError:
                out += 100
        try:
            out += j
        except NameError:
            out -= 1
    return out


def genexpr_sums(n):
    t = 0
    for i in range(n):
        t += sum(x * x for x in range(i % 7)) + max([x for x in range(i % 4)], default=-1)
    return t


class Matrix:
    def __init__(self, rows):
        self.rows = rows

    def transpose(self):
        return Matrix([[self.rows[r][c] for r in range(len(self.rows))] for c in range(len(self.rows[0]))])

    def total(self):
        return sum(sum(r) for r in self.rows)


def objects(n):
    m = Matrix([[r * 4 + c for c in range(4)] for r in range(3)])
    t = 0
    for _ in range(n):
        m = m.transpose()
        t += m.total() + len(m.rows)
    return t, m.rows


class Dying:
    alive = 0

    def __init__(self, k):
        self.k = k
        Dying.alive += 1

    def __del__(self):
        Dying.alive -= 1


def finalizers(n):
    seen = []
    for i in range(n):
        items = [Dying(k) for k in range(i % 4)]
        for d in items:
            d.k += 1
        if i % 50 == 0:
            seen.append(Dying.alive)
        del items
    return seen, Dying.alive


print(comprehensions(3000))
print(ragged([[i] * (i % 5) for i in range(600)])[-12:])
print(while_in_for(400))
print(breaks_and_continues(700))
print(raising_inner(900))
print(mixed_types(700))
print(deleted_names(800))
print(genexpr_sums(900))
print(objects(300))
print(finalizers(400))
