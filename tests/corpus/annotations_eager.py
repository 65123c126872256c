# Annotated assignments in module and class bodies fill __annotations__ as
# they run (CPython 3.11), not through a lazily called __annotate__.
print(__annotations__)
__annotations__['before'] = 1
order = []


def note(tag, value):
    order.append(tag)
    return value


x: note('ann x', int) = note('value x', 5)
print(order, x)
print(__annotations__)

if x:
    y: 'list[str]'
for i in range(2):
    z: i = i
print(__annotations__, 'y' in globals())


class C:
    print('C starts with', __annotations__)
    __private: int
    __dunder__: str = 'd'
    a: float = 1.5
    if True:
        b: bool
    try:
        c: 'c'
    except Exception:
        pass
    print('C has', sorted(__annotations__, key=str))


print(C.__annotations__, C.a, hasattr(C, 'b'))


class _Under:
    __hidden: int


print(_Under.__annotations__)


class Empty:
    pass


print(Empty.__annotations__)


# Non-name targets evaluate their parts and the annotation, and store
# nothing.
class Box:
    pass


box = Box()
box.attr: note('ann attr', int) = note('value attr', 3)
d = {}
d[note('key', 'k')]: note('ann item', str)
print(order[2:], box.attr, d)
(paren): int = 4
print(paren, 'paren' in __annotations__)


# A function's local annotations are never evaluated.
def f():
    local: undefined_name = 1
    other: also_undefined
    return local


print(f(), f.__annotations__)


def g(p: int, *, q: 'str' = '') -> list:
    class Inner:
        member: p
    return Inner.__annotations__


print(g(7), g.__annotations__)

# An existing mapping is kept; a deleted one is not recreated.
ns = {'__annotations__': {1: 2}}
exec('x: int', ns)
print(ns['__annotations__'])
ns = {}
exec('v: float = 2.0\nclass K:\n    w: int\n', ns)
print(ns['__annotations__'], ns['K'].__annotations__)

try:
    class D:
        del __annotations__
        e: int
except NameError as err:
    print('NameError', err)

code = compile('class E:\n    if 1:\n        f: int\n', '<s>', 'exec')
ns = {}
exec(code, ns)
print(ns['E'].__annotations__)


class Prepared(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return {'__annotations__': {'preset': None}}


class P(metaclass=Prepared):
    q: int


print(P.__annotations__)
import sys
print(sys.modules[__name__].__annotations__ is __annotations__)
