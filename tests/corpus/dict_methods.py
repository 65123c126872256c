d = {'a': 1, 'b': 2}
d['c'] = 3
print(d, len(d), d.get('a'), d.get('z'), d.get('z', 0), 'a' in d, 1 in d)
print(d.setdefault('d', 4), d.setdefault('a', 100), d)
print(d.pop('b'), d.pop('zz', 'default'), d)
d.update({'e': 5}, f=6)
d.update([('g', 7)])
print(d, d.popitem(), d)
print(list(d.keys()), list(d.values()), list(d.items()))
print(dict.fromkeys('xyz'), dict.fromkeys(range(3), 'v'), d.copy() == d, d.copy() is d)
merged = d | {'a': -1, 'new': 0}
print(merged, d)
d |= {'z': 26}
print(d)
print(dict(a=1, b=2), dict([('x', 1)], y=2), dict(zip('ab', range(2))), dict({'k': 'v'}), dict())
d.clear()
print(d, {**{'a': 1}, 'b': 2, **{'a': 3}})
counts = {}
for ch in 'abracadabra':
    counts[ch] = counts.get(ch, 0) + 1
print(counts, sorted(counts, key=counts.get, reverse=True), max(counts.values()))
inv = {v: k for k, v in {'one': 1, 'two': 2}.items()}
print(inv, list(reversed({'p': 1, 'q': 2})), list(reversed({'p': 1}.items())))
