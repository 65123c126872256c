import pprint
data = {'name': 'hipy', 'versions': list(range(12)), 'nested': {'deep': {'deeper': ['x' * 20, 'y' * 20, {'k': (1, 2, 3)}]}},
        'tuple': tuple('abcdefghijklmnop'), 'set': {3, 1, 2}, 'empty': {}, 'zeta': None, 'alpha': 1.5}
pprint.pprint(data)
pprint.pprint(data, width=40, depth=2)
pprint.pprint(data, sort_dicts=False, compact=True, width=60)
print(pprint.pformat([[1, 2, 3]] * 3, width=20))
print(pprint.saferepr({'self': ...}), pprint.isreadable([1, 2]), pprint.isrecursive([1]))
pprint.pp({'b': 1, 'a': 2})
