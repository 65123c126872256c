import operator
class Idx:
    def __init__(self, v):
        self.v = v
    def __index__(self):
        return self.v
i = Idx(3)
print([10, 20, 30, 40][i], 'abcdef'[i:], bin(i), hex(i), range(i), operator.index(i), [0] * Idx(2), (1, 2, 3, 4)[Idx(1):Idx(3)])
class Conv:
    def __int__(self):
        return 7
    def __float__(self):
        return 2.5
    def __complex__(self):
        return 1j
    def __bool__(self):
        return False
    def __round__(self, n=None):
        return 'rounded' if n is None else f'rounded to {n}'
    def __trunc__(self):
        return 99
    def __floor__(self):
        return 'floor'
    def __ceil__(self):
        return 'ceil'
    def __abs__(self):
        return 'abs'
import math
c = Conv()
print(int(c), float(c), complex(c), bool(c), round(c), round(c, 2), math.trunc(c), math.floor(c), math.ceil(c), abs(c))
class Contains:
    def __iter__(self):
        print('iterating')
        return iter([1, 2, 3])
print(2 in Contains(), 5 in Contains())
class WithContains:
    def __contains__(self, x):
        return x == 'magic'
print('magic' in WithContains(), 'other' in WithContains(), 'magic' not in WithContains())
class Sized:
    def __len__(self):
        return 3
print(bool(Sized()), len(Sized()))
try:
    [1, 2][Conv()]
except TypeError as e:
    print('TypeError:', e)
class Hashy:
    def __hash__(self):
        return 5
    def __eq__(self, o):
        return isinstance(o, Hashy)
print({Hashy(): 1}[Hashy()], len({Hashy(), Hashy()}))
class Reversible:
    def __reversed__(self):
        return iter([3, 2, 1])
    def __len__(self):
        return 3
print(list(reversed(Reversible())))
class Sizeof:
    def __sizeof__(self):
        return 1000
import sys
print(Sizeof().__sizeof__())
class Dirable:
    def __dir__(self):
        return ['b', 'a']
print(dir(Dirable()))
