class Point:
    __slots__ = ('x', 'y')
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return f'Point({self.x}, {self.y})'
p = Point(1, 2)
p.x = 10
print(p, Point.__slots__, hasattr(p, '__dict__'), type(Point.x).__name__)
try:
    p.z = 3
except AttributeError as e:
    print('AttributeError:', e)
class P3(Point):
    __slots__ = ('z',)
q = P3(1, 2)
q.z = 3
print(q, q.z, hasattr(q, '__dict__'))
class Loose(Point):
    pass
l = Loose(0, 0)
l.anything = 'ok'
print(vars(l))
class Empty:
    __slots__ = ()
try:
    Empty().a = 1
except AttributeError as e:
    print('AttributeError:', e)
e = Point.__new__(Point)
try:
    print(e.x)
except AttributeError as e2:
    print('AttributeError:', e2)
del p.y
try:
    p.y
except AttributeError as e3:
    print('AttributeError:', e3)
class WithDict:
    __slots__ = ('a', '__dict__')
w = WithDict()
w.a = 1
w.b = 2
print(w.a, w.__dict__)
try:
    class Conflict:
        __slots__ = ('v',)
        v = 1
except ValueError as e4:
    print('ValueError:', e4)
