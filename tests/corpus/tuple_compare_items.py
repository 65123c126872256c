# Tuple comparisons as CPython's tuplerichcompare: equality up to the first
# differing pair, then that pair's own comparison result (returned as it
# is), lengths last; identity before __eq__; errors and NotImplemented.
import heapq


class Loud:
    def __init__(self, v, log):
        self.v = v
        self.log = log

    def __eq__(self, other):
        self.log.append("eq %r %r" % (self.v, getattr(other, "v", other)))
        return isinstance(other, Loud) and self.v == other.v

    def __lt__(self, other):
        self.log.append("lt %r %r" % (self.v, other.v))
        return "yes" if self.v < other.v else ""

    def __le__(self, other):
        self.log.append("le")
        return self.v <= other.v

    __hash__ = object.__hash__


class BadEq:
    def __eq__(self, other):
        raise ValueError("no eq")

    __hash__ = object.__hash__


class IntSub(int):
    def __eq__(self, other):
        return True

    __hash__ = int.__hash__


class TupleSub(tuple):
    pass


class TupleLt(tuple):
    def __lt__(self, other):
        return "TupleLt.__lt__"


def main():
    nan = float("nan")
    cases = [
        ((1, 2), (1, 3)), ((1, 2), (1, 2)), ((1, 2), (1, 2, 0)), ((), ()), ((), (0,)),
        ((1.0, "a"), (1, "b")), ((1, "b"), (1.0, "a")), ((nan,), (nan,)), ((1, nan), (1, nan)),
        ((2 ** 70, 1), (2 ** 70, 0)), ((2 ** 53 + 1,), (float(2 ** 53),)), (("a", 1), ("a", 1.5)),
        ((True, 1), (1, True)), (((1, 2), 3), ((1, 2), 4)), (((1, 2), 3), ((1, 3), 0)),
        ((-0.0,), (0.0,)), (("é", 1), ("e", 1)), (("ab",), ("abc",)),
    ]
    acc = []
    for rep in range(300):
        for a, b in cases:
            acc.append((a < b, a <= b, a == b, a != b, a > b, a >= b))
    print(acc[: len(cases)])
    print(len(acc), acc[-1])
    same = (nan, 1)
    print(same == same, same < same, same <= same, (nan,) == (nan,), [(nan,)] == [(nan,)])
    log = []
    x, y = Loud(1, log), Loud(2, log)
    print((0, x) < (0, y), log)
    log.clear()
    print(repr((x, 1) < (y, 0)), log)
    log.clear()
    print((x, 1) <= (x, 2), log)
    log.clear()
    print((x,) == (Loud(1, log),), log)
    print((IntSub(5), 1) == (6, 1), (IntSub(5), 1) < (6, 0), (6, 0) < (IntSub(5), 1))
    for bad in (lambda: (BadEq(),) == (1,), lambda: (1, "a") < (1, 2), lambda: (1,) < [1],
                lambda: (1,) < None, lambda: (BadEq(),) < (BadEq(),)):
        try:
            print(bad())
        except (TypeError, ValueError) as e:
            print(type(e).__name__, e)
    b = BadEq()
    print((b,) == (b,), (1,) == [1], (1,) != [1], (1,).__lt__([1]), (1,).__eq__("x"))
    print(TupleSub((1, 2)) < (1, 3), (1, 3) > TupleSub((1, 2)), TupleSub((1,)) == (1,))
    print(TupleLt((1,)) < (0,), (0,) > TupleLt((1,)))
    print(sorted([(3, "c"), (1, "z"), (1, "a"), (2.5, "b"), (True, "t")]))
    print(min([(2, 1), (1, 5), (1, 2)]), max([("b", 0), ("a", 9)]))
    # heapq of (time, seq, payload) as event queues use it
    heap = []
    for i in range(2000):
        heapq.heappush(heap, ((i * 7919) % 101 / 4, i, "e%d" % i))
    out = [heapq.heappop(heap) for _ in range(15)]
    print(out)
    d = {(i, j): i * j for i in range(30) for j in range(30)}
    print(sum(d[(i, j)] for i in range(30) for j in range(30)), d.get((3.0, 4)), (3, 4.0) in d)


main()
