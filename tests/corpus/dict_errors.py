d = {'a': 1, (1, 2): 'tuple', 3: 'int'}
for key in ['b', (1, 3), 4, None, 'a']:
    try:
        print(repr(key), d[key])
    except KeyError as e:
        print('KeyError', e, repr(e), e.args)
for call in [lambda: d.pop('zz'), lambda: {}.popitem(), lambda: d[[1]], lambda: {[1]: 2}, lambda: d.update(5),
             lambda: dict([(1, 2, 3)]), lambda: dict(['ab', 'c']), lambda: d.fromkeys(), lambda: {}.setdefault(),
             lambda: {1: 2} + {3: 4}, lambda: d.get(), lambda: {{}: 1}, lambda: dict(1), lambda: {1: 2} < {1: 2}]:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__ + ':', e)
try:
    for k in d:
        d['new'] = 1
except RuntimeError as e:
    print('RuntimeError:', e)
try:
    del d['missing']
except KeyError as e:
    print('del KeyError:', e)
