class EvenMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, int) and obj % 2 == 0
    def __subclasscheck__(cls, sub):
        return sub in (int, bool)
class Even(metaclass=EvenMeta):
    pass
print(isinstance(4, Even), isinstance(3, Even), isinstance('x', Even), issubclass(int, Even), issubclass(str, Even))
print(isinstance(4, (str, Even)), isinstance(True, Even))
class AnyIterable(type):
    def __instancecheck__(cls, obj):
        return hasattr(obj, '__iter__')
class Iterableish(metaclass=AnyIterable):
    pass
print([isinstance(v, Iterableish) for v in [[], 'x', 5, {}, None]])
try:
    isinstance(5, 5)
except TypeError as e:
    print('TypeError:', e)
try:
    issubclass(5, int)
except TypeError as e:
    print('TypeError:', e)
print(isinstance(int, type), isinstance(type, type), isinstance(object, type), issubclass(type, object))
print(isinstance(1, int | str), isinstance('s', int | None), issubclass(bool, int | float), int | str)
