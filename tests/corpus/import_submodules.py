import sys
import pkgs.shapes.circle
print('pkgs' in sys.modules, 'pkgs.shapes' in sys.modules, 'pkgs.shapes.circle' in sys.modules, 'pkgs.util' in sys.modules)
import pkgs.shapes.square as sq
print(sq.Square(4).area(), sq.__name__, pkgs.shapes.square is sq)
from pkgs.shapes.base import Shape
try:
    Shape().area()
except NotImplementedError:
    print('NotImplementedError from base')
from pkgs.shapes import circle as c
print(c.Circle(2).area() == pkgs.shapes.circle.Circle(2).area())
print(sorted(m for m in sys.modules if m.startswith('pkgs')))
