# Builtin methods called with their object as the first argument in
# compiled loops (d.get(k, default), dict.get(d, k), list.append(l, x),
# str.isdigit(s)) and item stores d[k] = v: exact types take the direct
# paths, subclasses and wrong types the general call with its errors.


class CountingDict(dict):
    def __setitem__(self, k, v):
        self.sets = getattr(self, "sets", 0) + 1
        super().__setitem__(k, v)

    def get(self, k, default=None):
        return ("sub", dict.get(self, k, default))


class Key(str):
    def __hash__(self):
        return hash(str(self))

    def __eq__(self, other):
        return str(self) == str(other)


def count(words, d):
    for w in words:
        d[w] = d.get(w, 0) + 1 if not isinstance(d, CountingDict) else 1
    return d


def main():
    words = ["a", "b", "a", "c", "b", "a"] * 50
    print(sorted(count(words, {}).items()))
    cd = count(words, CountingDict())
    print(sorted(cd.items()), cd.sets, cd.get("a"))
    d = {}
    out = []
    for i in range(300):
        k = i % 7
        d[k] = dict.get(d, k, 0) + i
        out.append(str.isdigit(str(i)))
        list.append(out, i % 3)
    print(sorted(d.items()), out[:6], len(out))
    keyed = {}
    for i in range(100):
        keyed[Key("k%d" % (i % 3))] = i
        keyed["k%d" % (i % 3)] = keyed.get(Key("k%d" % (i % 3)), 0) + 1
    print(sorted(keyed.items()))
    errors = []
    for i, bad in enumerate([lambda: dict.get([], 1), lambda: list.append((), 1), lambda: str.isdigit(5),
                             lambda: {}.get(), lambda: {}.__setitem__([], 1), lambda: dict.get({}, [])] * 40):
        try:
            bad()
        except TypeError as e:
            if i < 6:
                errors.append(str(e))
    print(errors)
    unhashable = {}
    for i in range(50):
        try:
            unhashable[[i]] = 1
        except TypeError as e:
            last = str(e)
    print(last, len(unhashable))


main()
