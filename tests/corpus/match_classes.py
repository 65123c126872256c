from dataclasses import dataclass
@dataclass
class Point:
    x: int
    y: int
class Circle:
    __match_args__ = ('center', 'radius')
    def __init__(self, center, radius):
        self.center, self.radius = center, radius
class Rect:
    def __init__(self, w, h):
        self.w, self.h = w, h
def area(s):
    match s:
        case Point(x=0, y=0):
            return 'origin'
        case Point(0, y):
            return f'on y axis at {y}'
        case Point(x, y) if x == y:
            return f'diagonal {x}'
        case Point():
            return 'some point'
        case Circle(Point(x, y), r) if r > 0:
            return f'circle at {x},{y} r={r}'
        case Circle(_, r):
            return f'degenerate circle r={r}'
        case Rect(w=w, h=h):
            return f'rect {w * h}'
        case int(n) | float(n):
            return f'number {n}'
        case str(text):
            return f'text {text}'
        case [Point(x=x1), Point(x=x2)]:
            return f'two points x={x1},{x2}'
    return 'unknown'
for s in [Point(0, 0), Point(0, 5), Point(3, 3), Point(1, 2), Circle(Point(1, 1), 2), Circle(None, 0),
          Rect(3, 4), 7, 2.5, 'hi', [Point(1, 0), Point(2, 0)], None]:
    print(area(s))
try:
    match Rect(1, 2):
        case Rect(1, 2):
            pass
except TypeError as e:
    print('TypeError:', e)
try:
    match Point(1, 2):
        case Point(1, 2, 3):
            pass
except TypeError as e:
    print('TypeError:', e)
