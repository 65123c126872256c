# Sets iterate, print and pop in CPython's order: the order of their hash
# table (open addressing with linear probes, dummies for deleted keys,
# growth at 3/5 full), not the order of insertion.
print({3, 1, 2}, {5, 1, 33}, set([9, 8, 1]), frozenset([9, 8, 1]))
print(set(range(20, 0, -3)), {-1, -2, 2**40, 17, 2**61 - 1, -(2**62)})
print({x * 7 % 50 for x in range(30)})
print({(1, 2), (3, 4), (2, 1), True, 2.5, -0.0, 1e300, -7.25})

# growth: every size from 0 to 40, built by add and by set()
for n in range(0, 41, 3):
    items = [(i * 37) % 101 for i in range(n)]
    s = set()
    for x in items:
        s.add(x)
    print(n, list(s) == list(set(items)), list(s)[:12])

# deletions leave dummies; adds reuse them; pop follows the finger
s = set(range(0, 64, 3))
for x in range(0, 64, 9):
    s.discard(x)
print(s)
s.update([100, 1, 4, 7])
print(s)
print([s.pop() for _ in range(5)], s)
s.add(0)
print(s.pop(), s.pop(), s)
c = s.copy()
print(c, c == s, list(c) == list(s))

# operators and methods, with sets, frozensets, dicts, lists and generators
a = {1, 5, 9, 13, 17, 21, 40, 64}
b = {5, 6, 7, 64, 17, 100, 200, 33}
print(a | b, b | a, a.union([70, 6, 2], (3, 1)))
print(a & b, b & a, a.intersection([64, 1, 99, 5]), a.intersection(range(100)))
print(a - b, b - a, a.difference({1: 0, 5: 0}), a.difference([1, 2], {9}))
print(a ^ b, b ^ a, a.symmetric_difference([1, 2, 3, 2]), a.symmetric_difference({2: 1, 5: 1}))
print(frozenset(a) | b, frozenset(b) & frozenset(a), frozenset(a) - b, frozenset(a) ^ frozenset(b))
d = {k: None for k in (30, 2, 95, 8, 41)}
s = set(d)
print(s, set(d.keys()), set(x for x in d))
s = {1, 2, 3}
s |= {33, 17, 65}
print(s)
s &= {65, 1, 33, 17, 4}
print(s)
s -= {1}
print(s)
s ^= {2, 3, 17}
print(s)
s = set(range(50))
s.difference_update(range(0, 50, 2))
print(s)
s.intersection_update(range(10, 40))
print(s)
s.symmetric_difference_update(range(30, 60, 5))
print(s)
s.clear()
s.add(100)
print(s, s.__sizeof__() == set().__sizeof__())

# equal keys: the one already stored stays
s = {1, 2.0, True}
print(s, {1.0, 1, True}, {0, False, 0.0})

# iteration over a set whose size does not change keeps going, in table order
s = set(range(8))
seen = []
for x in s:
    seen.append(x)
    if x == 2:
        s.discard(6)
        s.add(16)
print(seen, s)
try:
    for x in s:
        s.add(x + 100)
except RuntimeError as e:
    print("RuntimeError:", e)
it = iter({4, 5, 6})
next(it)
print(it.__length_hint__(), list(it))
print([set().__sizeof__(), set(range(5)).__sizeof__(), set(range(100)).__sizeof__(),
       frozenset(range(3)).__sizeof__()])
