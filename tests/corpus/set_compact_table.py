# Sets share the dict's compact table: growth through every index width,
# deletions, discard/pop, copies and set algebra on the results.

for n in [0, 1, 2, 5, 6, 85, 86, 1000, 43691, 100000]:
    s = set()
    for i in range(n):
        s.add(i * 3 if i % 2 else 'k%d' % i)
    assert len(s) == n
    for i in range(0, n, 3):
        s.discard(i * 3 if i % 2 else 'k%d' % i)
    t = s.copy()
    u = frozenset(s)
    while len(t) > n // 2:
        t.pop()
    for i in range(n // 4):
        t.add(('again', i))
    ints = sorted(x for x in s if isinstance(x, int))
    print(n, len(s), len(t), len(u), s == u, len(s & t), len(s | t), ints[:3], ints[-2:])

s = set(range(100000))
for i in range(99990):
    s.remove(i)
s.add(-1)
print(sorted(s))

s = set()
for i in range(50000):
    s.add(i)
    s.discard(i - 2)
print(sorted(s))
