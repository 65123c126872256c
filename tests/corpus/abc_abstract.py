from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self):
        ...
    def describe(self):
        return f'{type(self).__name__} with area {self.area():.2f}'
class Square(Shape):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s ** 2
print(Square(3).describe(), isinstance(Square(1), Shape), Shape.__abstractmethods__)
print(sorted(Square.__abstractmethods__), issubclass(Square, Shape))
from collections.abc import Iterable, Sized, Mapping, Sequence, Callable, Hashable
print(isinstance([], Iterable), isinstance({}, Mapping), isinstance('s', Sequence), isinstance(5, Iterable), isinstance(len, Callable), isinstance([], Hashable))
class Duck:
    def __len__(self):
        return 0
print(isinstance(Duck(), Sized), issubclass(Duck, Sized))
class Virtual:
    pass
Shape.register(Virtual)
print(isinstance(Virtual(), Shape), issubclass(Virtual, Shape))
