# for-loops over tuples in hot code: constant and computed tuples, empty
# ones, nested loops, breaks, tuples of tuples unpacked, tuple subclasses
# with their own __iter__, comprehensions and generators over tuples, and
# the iterator a suspended generator holds (seen through gc).
import gc

PEERS = tuple(tuple((i * 7 + k) % 31 for k in range(5)) for i in range(31))


class Rev(tuple):
    def __iter__(self):
        return iter(tuple(reversed(self)))


def walk(grid):
    total = 0
    for i in range(len(PEERS)):
        seen = {grid[p] for p in PEERS[i]}
        cands = [d for d in (1, 2, 3, 4, 5, 6, 7, 8, 9) if d not in seen]
        for c in cands:
            total += c * i
            if c > 7:
                break
    return total


def pairs(t):
    out = 0
    for a, (b, c) in t:
        out += a * b - c
    for x in ():
        out += 1000
    return out


def gen(t):
    for x in t:
        yield x * 2


grid = [i % 10 for i in range(40)]
for r in range(30):
    w = walk(grid)
    p = pairs(((1, (2, 3)), (4, (5, 6)), (7, (8, 9))))
    rv = [x for x in Rev((1, 2, 3))]
print(w, p, rv)
g = gen((1, 2, 3, 4))
print(next(g), next(g))
its = [o for o in gc.get_objects() if type(o).__name__ == "tuple_iterator"]
mine = [it for it in its if it.__reduce__()[1] == ((1, 2, 3, 4),)]
print(len(mine), mine[0].__reduce__()[1:], mine[0].__length_hint__())
mine[0].__setstate__(3)
print(list(g), mine[0].__reduce__()[1:], mine[0].__length_hint__())
print(sum(x for t in PEERS for x in t), max(max(t) for t in PEERS))
