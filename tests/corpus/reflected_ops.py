class Num:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return f'{type(self).__name__}({self.v})'
    def __add__(self, o):
        print(f'  {self!r}.__add__({o!r})')
        if isinstance(o, Num):
            return Num(self.v + o.v)
        if isinstance(o, int):
            return Num(self.v + o)
        return NotImplemented
    def __radd__(self, o):
        print(f'  {self!r}.__radd__({o!r})')
        if isinstance(o, int):
            return Num(o + self.v)
        return NotImplemented
    def __sub__(self, o):
        return Num(self.v - (o.v if isinstance(o, Num) else o))
    def __rsub__(self, o):
        return Num(o - self.v)
    def __lt__(self, o):
        print(f'  {self!r}.__lt__({o!r})')
        return NotImplemented if not isinstance(o, Num) else self.v < o.v
    def __gt__(self, o):
        print(f'  {self!r}.__gt__({o!r})')
        return NotImplemented if not isinstance(o, Num) else self.v > o.v
class SubNum(Num):
    def __radd__(self, o):
        print(f'  {self!r}.__radd__ (subclass)({o!r})')
        return SubNum(100)
print(Num(1) + Num(2))
print(5 + Num(1))
print(Num(1) + 5)
print(Num(1) + SubNum(2))
print(10 - Num(3), Num(10) - 3)
print(sum([Num(1), Num(2), Num(3)]))
print(Num(1) < Num(2), Num(5) > Num(2))
try:
    Num(1) < 3
except TypeError as e:
    print('TypeError:', e)
try:
    'a' + Num(1)
except TypeError as e:
    print('TypeError:', e)
class Other:
    def __radd__(self, o):
        return 'Other handled it'
    def __rmul__(self, o):
        return f'rmul with {o!r}'
print([1] + Other(), 3 * Other(), 'x' * Other() if False else 'skip', (1, 2) * Other())
class LeftOnly:
    def __add__(self, o):
        return NotImplemented
try:
    LeftOnly() + LeftOnly()
except TypeError as e:
    print('TypeError:', e)
print(NotImplemented, type(NotImplemented).__name__, bool(1 .__add__(2.0) is NotImplemented))
