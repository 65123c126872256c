class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y
p = Point(3, 4)
data = {'name': 'Ada', 'langs': ['en', 'fr']}
print('{} + {} = {}'.format(1, 2, 3))
print('{1} {0} {1}'.format('a', 'b'))
print('{name} knows {langs[1]} and {langs[0]}'.format(**data))
print('{0.x},{0.y} {p.y}'.format(p, p=p))
print('{:>8}|{:<8}|{:^8}|{:*^9}|'.format('r', 'l', 'c', 'star'))
print('{:{w}.{prec}f}|{:{fill}>{w}}'.format(3.14159, 'x', w=10, prec=3, fill='#'))
print('{!r} {!s} {!a}'.format('é', 'é', 'é'), '{0!r:>10}'.format('é'))
print('{{literal}} {0}'.format('x'), '{:%Y}'.format(__import__('datetime').date(2024, 5, 1)))
print('{0[a]} {0[b][0]}'.format({'a': 1, 'b': [2]}), '{:,}'.format(10 ** 9), '{:b}'.format(10))
print('{name}-{n}'.format_map({'name': 'fmt', 'n': 1}))
class Default(dict):
    def __missing__(self, key):
        return '<' + key + '>'
print('{a} {b}'.format_map(Default(a=1)))
for fmt, args, kwargs in [('{}', (), {}), ('{0} {}', (1, 2), {}), ('{x}', (), {}), ('{:d}', ('s',), {}),
                          ('{', (), {}), ('}', (), {}), ('{0[5]}', ([1],), {}), ('{!z}', (1,), {})]:
    try:
        print(fmt.format(*args, **kwargs))
    except (IndexError, KeyError, ValueError) as e:
        print(repr(fmt), type(e).__name__ + ':', e)
