a, *b, c = range(6)
print(a, b, c)
*init, last = 'hello'
print(init, last)
first, *rest = [1]
print(first, rest)
(x, y), *others = [(1, 2), 3, 4]
print(x, y, others)
for head, *tail in [(1, 2, 3), (4,), 'ab']:
    print(head, tail)
def f(*args, **kwargs):
    return args, kwargs
print(f(*[1, 2], *(3,), **{'a': 1}, **{'b': 2}, c=3))
print([*range(3), *'ab', *{9: 0}], (*[1], 2), {*[1, 2], *[2, 3]} == {1, 2, 3})
print({**{'a': 1, 'b': 2}, **{'b': 3}, 'c': 4})
print(*[1, 2, 3], sep='-')
m, n = n, m = 1, 2
print(m, n)
p = q = [0]
p.append(1)
print(q)
[s, t], u = 'xy', 'z'
print(s, t, u)
try:
    f(**{'a': 1}, **{'a': 2})
except TypeError as e:
    print('TypeError:', e)
try:
    f(**{1: 2})
except TypeError as e:
    print('TypeError:', e)
try:
    f(*5)
except TypeError as e:
    print('TypeError:', e)
