from pkgs.shapes import Circle, Square, make, VERSION
import pkgs.shapes as shapes
print(Circle(1).describe(), Square(3).describe(), make('square', 2).label())
print(VERSION, shapes.__doc__, shapes.__all__, shapes.base.Shape.unit)
print(Circle.__module__, Square.__mro__[1].__module__, Circle.__qualname__)
print(shapes.__name__, shapes.__package__, shapes.circle.__name__, shapes.circle.__package__)
print(sorted(k for k in vars(shapes) if not k.startswith('__')))
from pkgs import util
print(util.fmt(3.14159, 'm'), util.IMPORT_COUNT)
import pkgs.util
print(pkgs.util is util)
