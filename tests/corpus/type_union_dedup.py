# `X | Y` keeps each argument once, in first-seen order, flattens nested
# unions, and compares and hashes as the set of its arguments.
import typing

def show(u):
    print(repr(u), getattr(u, '__args__', None))

show(int | str)
show(int | str | int)
show(int | int)
show(int | None)
show(None | int | None)
show((int | str) | (str | float))
show(list[int] | list[int])
show(list[int] | list[str] | list[int])
print((int | str) == (str | int), hash(int | str) == hash(str | int))
print((int | str | float) == (float | int | str), (int | str) == (int | float))
print(len({int | str, str | int, int | float}))
print(isinstance(3, int | str), isinstance(3.0, int | str), issubclass(bool, int | None))

class Meta(type):
    calls = 0
    def __eq__(cls, other):
        Meta.calls += 1
        return cls is other
    __hash__ = type.__hash__

class A(metaclass=Meta): pass
class B(metaclass=Meta): pass

u = A | B | A
print(u.__args__ == (A, B), Meta.calls)

T = typing.TypeVar('T')
show(list[T] | None)
print((list[T] | None).__parameters__)
print((int | str).__parameters__)

try:
    int | 3
except TypeError as e:
    print('TypeError', e)
