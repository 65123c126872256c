# Slicing exact lists and tuples: every bound shape, steps, negative and
# out-of-range bounds, slice assignment (including from itself), and the
# cases that must take the generic path (subclasses, __index__, big ints,
# zero step, errors), in a loop hot enough to be compiled.


class Idx:
    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class MyList(list):
    def __getitem__(self, k):
        return ("MyList", k if not isinstance(k, slice) else (k.start, k.stop, k.step))


class Noisy:
    def __init__(self, name, log):
        self.name = name
        self.log = log

    def __del__(self):
        self.log.append("del " + self.name)

    def __repr__(self):
        return self.name


def slices(seq):
    n = len(seq)
    out = []
    bounds = [None, 0, 1, -1, n, n + 5, -n - 5, 2, -3]
    for a in bounds:
        for b in bounds:
            out.append(seq[a:b])
            for c in (None, 1, 2, -1, -2, 3, 10, -10):
                out.append(seq[a:b:c])
    return out


def main():
    lst = list(range(7))
    tup = tuple("abcdefg")
    acc = 0
    for rep in range(60):
        r = slices(lst)
        acc += sum(len(x) for x in r)
        t = slices(tup)
        acc += sum(len(x) for x in t)
        if rep == 0:
            print(r[:40])
            print(t[:40])
            print(r[-20:], t[-20:])
    print(acc)
    # a full slice of a tuple is the tuple itself; of a list, a copy
    print(tup[:] is tup, tup[0:7] is tup, tup[::1] is tup, lst[:] is lst, lst[:] == lst)
    print(type(tup[1:3]).__name__, type(lst[1:3]).__name__)
    # __index__ bounds, bool bounds, big ints
    print(lst[Idx(1):Idx(5)], lst[True:], lst[: 10 ** 30], lst[-(10 ** 30):2], lst[:: 10 ** 20])
    for bad in (lambda: lst[::0], lambda: lst["a":], lambda: tup[1.0:2], lambda: lst[:2:0]):
        try:
            bad()
        except (ValueError, TypeError) as e:
            print(type(e).__name__, e)
    print(MyList([1, 2, 3])[1:2], MyList([1, 2, 3])[::-1])

    # slice assignment
    for rep in range(50):
        a = list(range(10))
        a[2:5] = [9, 9]
        a[:0] = (7,)
        a[8:3] = ["x"]
        a[-2:] = a
        a[100:] = [1]
        a[-100:1] = []
        a[Idx(1):Idx(2)] = "yz"
        a[True:False] = range(2)
        if rep == 0:
            print(a)
    b = [1, 2, 3]
    b[:] = b
    print(b)
    b[1:2] = b
    print(b)
    for bad in (lambda: b.__setitem__(slice("a", 1), [1]),):
        try:
            bad()
        except TypeError as e:
            print(type(e).__name__, e)
    try:
        c = [1, 2]
        c[0:1] = 5
    except TypeError as e:
        print(type(e).__name__, e)

    # replaced items are released after the list is updated
    log = []
    objs = [Noisy("n%d" % i, log) for i in range(4)]

    class Peek:
        def __del__(self):
            log.append("peek sees %r" % (objs,))

    objs.append(Peek())
    objs[3:5] = [Noisy("m", log)]
    print(log)
    objs[0:2] = ()
    print(log, objs)
    # fannkuch-style flips in a hot loop
    perm = list(range(9))
    flips = 0
    for i in range(20000):
        k = perm[0]
        if k:
            perm[: k + 1] = perm[k::-1]
            flips += 1
        else:
            perm = perm[1:] + perm[:1]
    print(flips, perm)


main()
