# Dict tables of every index width (1, 2, 4 bytes per slot): growth, deletion,
# reinsertion, iteration order under mutation, pop/popitem, copy, equality,
# repr, and shrinking after many deletions.

def check(d, ref_keys):
    # ref_keys: the keys in insertion order
    assert list(d) == ref_keys, (list(d)[:5], ref_keys[:5])
    for k in ref_keys:
        assert k in d
        assert d[k] == ('v', k)


def grow(n):
    d = {}
    keys = []
    for i in range(n):
        k = i * 7 if i % 3 else str(i)
        d[k] = ('v', k)
        keys.append(k)
    check(d, keys)
    return d, keys


for n in [0, 1, 2, 3, 5, 6, 8, 10, 11, 21, 22, 85, 86, 128, 170, 171, 1000, 5461, 5462, 43690, 43691, 100000]:
    d, keys = grow(n)
    # delete every other key, then reinsert some in a new order
    for k in keys[::2]:
        del d[k]
    keys = keys[1::2]
    check(d, keys)
    extra = [('t', i) for i in range(n // 3)]
    for k in extra:
        d[k] = ('v', k)
    keys = keys + extra
    check(d, keys)
    c = d.copy()
    assert c == d and list(c) == list(d)
    assert dict(reversed(list(d.items()))) == d
    print(n, len(d), len(c), sum(1 for _ in d.items()), list(d)[:3], list(d)[-2:])

# resize with many deletions: the table keeps a bounded size
d = {}
for i in range(200000):
    d[i] = i
    if i >= 3:
        del d[i - 3]
print(sorted(d.items()))

d = {}
for i in range(50000):
    d['k%d' % i] = i
    d.pop('k%d' % i)
d['last'] = 1
print(d, len(d))

# popitem is LIFO; a key popped from the end can come back
d = {i: i * i for i in range(20)}
out = []
while len(d) > 10:
    out.append(d.popitem())
print(out)
d[19] = 'again'
d[0] = 'kept'
print(d)

# iteration order after delete and reinsert of the same key
d = dict.fromkeys('abcdef', 0)
del d['b']
d['b'] = 1
del d['a']
d['g'] = 2
print(d, list(d.keys()), list(d.values()))

# mutation during iteration
d = {i: i for i in range(10)}
try:
    for k in d:
        d[k + 100] = 0
except RuntimeError as e:
    print('RuntimeError', e)
d = {i: i for i in range(10)}
try:
    for k in d:
        del d[k]
except RuntimeError as e:
    print('RuntimeError', e)
d = {i: i for i in range(10)}
for k in d:
    d[k] = k * 2      # value updates are allowed
print(d)

# keys whose __eq__ mutates the dict during lookup
class Evil:
    def __init__(self, h, target):
        self.h = h
        self.target = target
    def __hash__(self):
        return self.h
    def __eq__(self, other):
        if self.target is not None:
            t, self.target = self.target, None
            t.clear()
            for i in range(40):
                t['x%d' % i] = i
        return self is other

d = {}
b = Evil(5, d)
d[b] = 'b'
a = Evil(5, None)
d[a] = 'a'          # b.__eq__(a) refills d during the lookup
print(len(d), sorted(k for k in d if isinstance(k, str))[:3], d.get(a), d.get(b))
d2 = {}
c = Evil(7, d2)
d2[c] = 'c'
print(d2.get(Evil(7, None)), len(d2), 'x39' in d2)

# equality and repr with mixed sizes
x = {i: str(i) for i in range(300)}
y = {i: str(i) for i in reversed(range(300))}
print(x == y, list(x) == list(y), repr({1: 'a', 'b': [2], (3,): {4: 5}}))
z = dict(x)
z[299] = 'changed'
print(x == z, len(repr(x)))

# dict(...), update, setdefault across a growth
d = {}
for i in range(30):
    d.setdefault(i % 17, []).append(i)
print(d)
d.update((str(i), i) for i in range(12))
print(len(d), list(d)[-3:])
d.clear()
d['after_clear'] = 1
print(d)
