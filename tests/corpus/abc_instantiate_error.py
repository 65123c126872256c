# The message for instantiating an abstract class changed in CPython 3.12.
from abc import ABC, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self):
        ...
class Partial(Shape):
    @abstractmethod
    def perimeter(self):
        ...
for cls in (Shape, Partial):
    try:
        cls()
    except TypeError as e:
        print('TypeError:', e)
