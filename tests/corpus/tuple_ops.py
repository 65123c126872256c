t = (1, 2, 3, 2, 1)
print(t.count(2), t.index(3), t.index(1, 1), t + (4,), t * 2, (0,) * 3, len(t), t[1:3], 2 in t)
print((1,), (), tuple(), tuple('ab'), (1, 2) + (3,), ((1, 2),), type(()).__name__, (1) == 1, (1,) == 1)
a, b = 1, 2
a, b = b, a
print(a, b)
point = 3, 4
x, y = point
print(x, y, point, hash(point) == hash((3, 4)), {point: 'p'}[(3, 4)])
from collections import namedtuple
Point = namedtuple('Point', 'x y')
p = Point(1, y=2)
print(p, p.x, p[1], p._asdict(), p._replace(x=10), Point._fields, Point._make([5, 6]), p == (1, 2))
Emp = namedtuple('Emp', ['name', 'dept', 'salary'], defaults=[0])
e = Emp('ann', 'eng')
print(e, e.salary, sorted([Emp('b', 'x', 2), Emp('a', 'y', 3)]), Emp._field_defaults)
try:
    t.index(9)
except ValueError as err:
    print('ValueError:', err)
try:
    t[0] = 5
except TypeError as err:
    print('TypeError:', err)
try:
    p.x = 5
except AttributeError as err:
    print('AttributeError:', err)
try:
    hash(([1], 2))
except TypeError as err:
    print('TypeError:', err)
