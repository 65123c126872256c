from typing import NamedTuple, TypedDict, Generic, TypeVar, Protocol, runtime_checkable, Any, cast, get_type_hints
class Point(NamedTuple):
    x: int
    y: int = 0
    def norm2(self) -> int:
        return self.x ** 2 + self.y ** 2
p = Point(3, 4)
print(p, p.norm2(), Point(1), p._fields, p._field_defaults, isinstance(p, tuple))
class Movie(TypedDict, total=False):
    title: str
    year: int
m: Movie = {'title': 'Heat'}
print(m, type(m).__name__, sorted(Movie.__annotations__), Movie.__total__)
T = TypeVar('T')
class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item
    def get(self) -> T:
        return self.item
b = Box[int](5)
print(b.get(), Box.__parameters__, T.__name__)
@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...
class File:
    def close(self):
        pass
print(isinstance(File(), Closable), isinstance(5, Closable), cast(int, 'not checked'))
def f(a: int, b: 'str' = 'x') -> list:
    return [a, b]
print(f.__annotations__, get_type_hints(f))
print(list[int], dict[str, list[int]], tuple[int, ...], type(list[int]).__name__, list[int]([1, 2]))
print(isinstance([1], list), Any, repr(T))
