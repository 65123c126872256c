a = {1, 2, 3, 4, 5}
b = {4, 5, 6, 7}
print(sorted(a | b), sorted(a & b), sorted(a - b), sorted(b - a), sorted(a ^ b))
print(sorted(a.union(b, [10])), sorted(a.intersection([1, 2, 99])), sorted(a.difference({1}, {2})), sorted(a.symmetric_difference(range(3))))
print({1, 2} <= a, {1, 2} < {1, 2}, a >= {5}, a.issubset(range(10)), a.issuperset([1]), a.isdisjoint({8, 9}))
c = set(a)
c.add(100)
c.discard(1)
c.discard(1000)
c.remove(2)
c.update([7, 8], {9})
print(sorted(c), len(c), 100 in c, 1 in c)
c &= {3, 4, 7, 100, 200}
print(sorted(c))
c |= {0}
c -= {3}
c ^= {4, 5}
print(sorted(c))
f = frozenset([3, 1, 2])
print(sorted(f | {9}), type(f | {9}).__name__, type({9} | f).__name__, f == {1, 2, 3}, hash(f) == hash(frozenset({1, 2, 3})))
s = {x * x for x in range(-3, 4)}
print(sorted(s), len(s), set(), frozenset(), set('aab') == {'a', 'b'}, sorted(set([1, 1.0, True, 2])))
popped = {42}.pop()
print(popped, {(1, 2), (1, 2)}, {frozenset([1]): 'x'})
