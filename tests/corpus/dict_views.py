a = {'x': 1, 'y': 2, 'z': 3}
b = {'y': 20, 'w': 0}
ka, kb = a.keys(), b.keys()
print(sorted(ka & kb), sorted(ka | kb), sorted(ka - kb), sorted(ka ^ kb), ka.isdisjoint(kb), ka >= {'x'})
print(len(ka), 'x' in ka, list(reversed(ka)), ka == {'x', 'y', 'z'}, repr(ka), repr(a.values()), repr(a.items()))
items = a.items()
print(('x', 1) in items, ('x', 2) in items, sorted(items - {('x', 1)}))
a['q'] = 9
print(list(ka), list(items)[-1], len(a.values()))
vals = a.values()
print(sum(vals), max(vals), 9 in vals, list(map(str, vals)))
it = iter(a)
print(next(it), next(it))
try:
    a['new'] = 1
    next(it)
except RuntimeError as e:
    print('RuntimeError:', e)
print(type(ka).__name__, type(vals).__name__, type(items).__name__, a.keys().mapping == a if hasattr(ka, 'mapping') else None)
