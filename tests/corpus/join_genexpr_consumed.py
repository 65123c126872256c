# sep.join(generator) in hot loops: the generator's body runs inside the
# caller (consumed like list(g)); errors, empty generators, separators that
# are variables, constants and str subclasses, and generators that raise.
words = ["red", "green", "blue", "yellow", "cyan", "magenta", "black", "white"]


def rows(n):
    lines = []
    state = 11
    for i in range(n):
        state = (state * 1103515245 + 12345) & 0x7FFFFFFF
        lines.append(" ".join(words[(state >> (3 * j)) & 7] for j in range(1 + i % 4)))
    return lines


r = rows(3000)
print(len(r), r[:3], sum(len(x) for x in r))


def with_sep(n):
    total = 0
    for i in range(n):
        sep = "-" if i % 3 else ", "
        s = sep.join(str(j * i) for j in range(i % 4))
        total += len(s)
    return total


print(with_sep(2000))


def bad_items(n):
    caught = 0
    for i in range(n):
        try:
            "".join(x for x in ["a", "b", i, "c"] if x != "zz")
        except TypeError as e:
            caught += 1
            msg = str(e)
    return caught, msg


print(bad_items(500))


def raising_gen(n):
    seen = []
    for i in range(n):
        def g():
            yield "a"
            if i % 7 == 3:
                raise ValueError(i)
            yield "b"
        try:
            seen.append("|".join(g()))
        except ValueError as e:
            seen.append("E%s" % e)
    return seen[-8:], len(seen)


print(raising_gen(400))


class S(str):
    pass


def subclass_sep(n):
    out = 0
    sep = S("+")
    for i in range(n):
        out += len(sep.join(str(k) for k in range(i % 5)))
    return out


print(subclass_sep(1000))


def empties(n):
    c = 0
    for i in range(n):
        c += len(",".join(x for x in () if x))
        c += len(",".join(w for w in words if len(w) > i % 9))
    return c


print(empties(1000))


def side_effects(n):
    log = []
    def gen(i):
        for k in range(3):
            log.append(k)
            yield "%d:%d" % (i, k)
    res = []
    for i in range(n):
        res.append(";".join(gen(i)))
    return res[-2:], len(log)


print(side_effects(600))


def nonstr_late(n):
    out = []
    for i in range(n):
        try:
            out.append("".join(("x" if k < 2 else k) for k in range(i % 4)))
        except TypeError as e:
            out.append(str(e))
    return out[-4:]


print(nonstr_late(800))
