class Tracer:
    def __new__(cls, *args, **kwargs):
        print(f'__new__({cls.__name__}, {args}, {kwargs})')
        return super().__new__(cls)
    def __init__(self, value):
        print(f'__init__(value={value})')
        self.value = value
t = Tracer(5)
print(t.value)
class UpperStr(str):
    def __new__(cls, s):
        return super().__new__(cls, s.upper())
u = UpperStr('hello')
print(u, type(u).__name__, u + '!', type(u + '!').__name__, u.lower(), isinstance(u, str))
class Positive(int):
    def __new__(cls, v):
        if v < 0:
            raise ValueError('negative')
        return super().__new__(cls, v)
p = Positive(5)
print(p, p + 1, type(p + 1).__name__, repr(p))
try:
    Positive(-1)
except ValueError as e:
    print('ValueError:', e)
class Pair(tuple):
    def __new__(cls, a, b):
        return super().__new__(cls, (a, b))
    def swap(self):
        return Pair(self[1], self[0])
pr = Pair(1, 2)
print(pr, pr.swap(), len(pr), pr == (1, 2), type(pr[:1]).__name__)
class ReturnsOther:
    def __new__(cls):
        return 42
    def __init__(self):
        print('never called')
print(ReturnsOther())
class Singleton:
    _instance = None
    def __new__(cls):
        if cls._instance is None:
            cls._instance = super().__new__(cls)
            print('created')
        return cls._instance
print(Singleton() is Singleton())
class InitReturns:
    def __init__(self):
        return 5
try:
    InitReturns()
except TypeError as e:
    print('TypeError:', e)
