# len() and truth tests of lists and tuples in hot loops: lists that grow
# and shrink while the loop runs, empty ones, tuples, and subclasses that
# override __len__ or __bool__ (which must be called).


class Short(list):
    def __len__(self):
        return 1


class Never(list):
    def __bool__(self):
        return False


class Pair(tuple):
    def __len__(self):
        return 99


def drain(stack):
    n = 0
    while stack:
        stack.pop()
        n += 1
    return n


def sizes(seqs):
    total = 0
    for s in seqs:
        total += len(s)
        if s:
            total += 1000
    return total


work = []
for r in range(60):
    work.extend(range(r % 7))
    print(drain(work), end=" ")
print()
seqs = [[1, 2], (), (1,), [], [0] * 5, (None, None, None)]
for r in range(40):
    t = sizes(seqs)
print(t)
print(sizes([Short([1, 2, 3]), Never([1]), Pair((1, 2)), [7]]))
grow = []
count = 0
while len(grow) < 50:
    grow.append(len(grow))
    if grow and len(grow) % 10 == 0:
        count += 1
print(count, len(grow), sum(grow))
odd = [Never([1, 2]), [1], Short(), (), (0,)]
print([bool(x) for x in odd], [len(x) for x in odd])
for r in range(30):
    flags = [1 if x else 0 for x in odd]
print(flags)
