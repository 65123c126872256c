class Shape:
    registry = {}
    def __init_subclass__(cls, /, kind=None, sides=0, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.kind = kind or cls.__name__.lower()
        cls.sides = sides
        Shape.registry[cls.kind] = cls
        print('registered', cls.__name__, kind, sides)
class Triangle(Shape, kind='tri', sides=3):
    pass
class Square(Shape, sides=4):
    pass
class Blob(Shape):
    pass
class RightTriangle(Triangle, kind='right'):
    pass
print(sorted(Shape.registry), Triangle.sides, RightTriangle.sides, Blob.kind)
try:
    class Bad(Shape, unknown=1):
        pass
except TypeError as e:
    print('TypeError:', e)
class Validated:
    def __init_subclass__(cls):
        missing = [m for m in ('run', 'name') if not hasattr(cls, m)]
        if missing:
            raise TypeError(f'{cls.__name__} missing {missing}')
class Good(Validated):
    name = 'good'
    def run(self):
        return 'ran'
print(Good().run())
try:
    class Incomplete(Validated):
        name = 'x'
except TypeError as e:
    print('TypeError:', e)
