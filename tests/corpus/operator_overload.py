import math
class Vec:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __repr__(self):
        return f'Vec({self.x}, {self.y})'
    def __add__(self, o):
        if isinstance(o, Vec):
            return Vec(self.x + o.x, self.y + o.y)
        return NotImplemented
    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y)
    def __mul__(self, k):
        if isinstance(k, (int, float)):
            return Vec(self.x * k, self.y * k)
        if isinstance(k, Vec):
            return self.x * k.x + self.y * k.y
        return NotImplemented
    __rmul__ = __mul__
    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)
    def __neg__(self):
        return Vec(-self.x, -self.y)
    def __pos__(self):
        return self
    def __abs__(self):
        return math.hypot(self.x, self.y)
    def __eq__(self, o):
        return isinstance(o, Vec) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self):
        return hash((self.x, self.y))
    def __bool__(self):
        return bool(self.x or self.y)
    def __len__(self):
        return 2
    def __getitem__(self, i):
        return (self.x, self.y)[i]
    def __iter__(self):
        yield self.x
        yield self.y
    def __matmul__(self, o):
        return self.x * o.y - self.y * o.x
    def __pow__(self, n, mod=None):
        return Vec(self.x ** n, self.y ** n)
    def __round__(self, n=0):
        return Vec(round(self.x, n), round(self.y, n))
    def __floordiv__(self, k):
        return Vec(self.x // k, self.y // k)
    def __mod__(self, k):
        return Vec(self.x % k, self.y % k)
    def __invert__(self):
        return Vec(self.y, self.x)
a, b = Vec(3, 4), Vec(1, -2)
print(a + b, a - b, a * 2, 3 * a, a * b, a / 2, -a, +a, abs(a), a @ b, a ** 2, round(Vec(1.26, 2.5), 1), a // 2, a % 2, ~a)
print(a == Vec(3, 4), a != b, bool(Vec(0, 0)), len(a), a[1], list(a), {a: 1}[Vec(3, 4)], tuple(b), [*a, *b])
x, y = a
print(x, y, sum(Vec(i, i) * 1 for i in range(3)) if False else 'skip', max(a), sorted(b))
for bad in [lambda: a + 1, lambda: 'x' * a, lambda: a < b, lambda: a * 'x']:
    try:
        print(bad())
    except TypeError as e:
        print('TypeError:', e)
