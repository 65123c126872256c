# Loops whose bodies build displays: dict and set displays with items,
# list/set/dict unpacking, constant list literals; errors raised while
# building (unhashable keys, bad unpacking) mid-loop, and `with` blocks
# whose __enter__ is inlined while the manager stays on the stack.


class Ctx:
    entered = 0

    def __enter__(self):
        Ctx.entered += 1

    def __exit__(self, *exc):
        return False


class Selfish:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def displays(n):
    total = 0
    keys = []
    for i in range(n):
        d = {"a": i, "b": i + 1, i: "c"}
        s = {i, i + 1, i % 3}
        l = [1, 2, 3, 4]
        m = [*l, i, *range(2)]
        u = {*s, *l}
        w = {**d, "z": 0, **{"b": -i}}
        total += len(d) + len(s) + sum(l) + len(m) + len(u) + w["b"] + w["a"]
        keys.append(sorted(w, key=str)[0])
    return total, keys[-3:]


def unhashable(n):
    caught = 0
    for i in range(n):
        key = [i] if i % 97 == 96 else i
        try:
            d = {key: i, "x": 1}
            caught += len(d)
        except TypeError as e:
            caught += 1000
            msg = str(e)
    return caught, msg


def bad_unpack(n):
    out = []
    for i in range(n):
        src = i if i % 89 == 88 else (i, i)
        try:
            out.append(len([*src, 0]))
        except TypeError as e:
            out.append(str(e))
        m = 5 if i % 83 == 82 else {"k": i}
        try:
            out.append(len({**m}))
        except TypeError as e:
            out.append(str(e))
    return [x for x in out if isinstance(x, str)], len(out)


def withs(n):
    total = 0
    for i in range(n):
        with Ctx():
            total += i
        with Selfish() as s:
            total += s is not None
    return total, Ctx.entered


print(displays(3000))
print(unhashable(3000))
print(bad_unpack(3000))
print(withs(3000))
