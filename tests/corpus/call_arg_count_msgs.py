# Argument-count and keyword errors of builtins, in CPython 3.11's words
# (METH_NOARGS / METH_O / Argument Clinic / PyArg_ParseTuple styles).
import math


class MyStr(str):
    pass


cases = [
    lambda: len(), lambda: len(1, 2), lambda: len(x=1), lambda: globals(1), lambda: abs(),
    lambda: float.hex(1.5, 2), lambda: (1.5).hex(1), lambda: 'a'.upper(1), lambda: MyStr('a').upper(1),
    lambda: 'x'.join(), lambda: 'x'.join([], []), lambda: str.join(), lambda: list.append(),
    lambda: dict.get(), lambda: 'x'.center(), lambda: 'x'.center(1, 2, 3), lambda: 'x'.center(zz=1),
    lambda: 'x'.count(), lambda: 'x'.count('a', 1, 2, 3), lambda: 'x'.count(zz=1), lambda: 'x'.encode(1, 2, 3),
    lambda: 'x'.encode(zz=1), lambda: 'x'.encode('utf8', encoding='utf8'), lambda: 'x'.split(1, 2, 3),
    lambda: [].sort(1), lambda: [].sort(zz=1), lambda: sorted(), lambda: sorted([], 1), lambda: sorted([], zz=1),
    lambda: sum(), lambda: sum([], 1, 2), lambda: sum([], iterable=1), lambda: pow(1), lambda: pow(exp=2),
    lambda: pow(1, exp=2, base=3), lambda: round(), lambda: round(1, number=2), lambda: divmod(1, 2, 3),
    lambda: divmod(1, y=2), lambda: max(), lambda: max(1, 2, zz=3), lambda: min([], zz=1), lambda: print(sepp=''),
    lambda: int(x=1), lambda: int(1, 2, 3), lambda: list(1, 2), lambda: list(x=1), lambda: dict(1, 2),
    lambda: tuple(x=1), lambda: type(None)(1), lambda: type(NotImplemented)(x=1), lambda: type(...)(1),
    lambda: enumerate(), lambda: zip(x=1), lambda: map(), lambda: map(len), lambda: filter(), lambda: reversed(),
    lambda: property(1, 2, 3, 4, 5), lambda: range(), lambda: range(1, 2, 3, 4), lambda: slice(),
    lambda: int.from_bytes(), lambda: int.from_bytes(b'', 'big', 1), lambda: (1).to_bytes(1, 'big', 3),
    lambda: {1}.union(zz=1), lambda: set().update(x=1), lambda: math.isclose(1), lambda: math.isclose(1, 2, 3),
    lambda: math.isclose(1, a=1), lambda: math.prod(), lambda: math.prod([], 1), lambda: math.log(),
    lambda: math.log(1, 2, 3), lambda: math.log(x=1), lambda: math.sqrt(), lambda: math.atan2(1),
    lambda: math.gcd(zz=1), lambda: bytes.fromhex(), lambda: b''.hex(1, 2, 3), lambda: memoryview(b'').cast(),
]
for i, case in enumerate(cases):
    try:
        case()
        print(i, 'no error')
    except TypeError as e:
        print(i, e)


class Base:
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)


try:
    class Bad(Base, flag=True):
        pass
except TypeError as e:
    print(e)
try:
    type('A', (), {}, x=1)
except TypeError as e:
    print(e)
