def init(self, v):
    self.v = v
Base = type('Base', (), {'greet': lambda self: f'hello {self.v}', '__init__': init})
Derived = type('Derived', (Base,), {'kind': 'derived', '__repr__': lambda self: f'Derived({self.v})'})
d = Derived(5)
print(d, d.greet(), d.kind, Derived.__name__, Derived.__bases__[0].__name__, [c.__name__ for c in Derived.__mro__])
setattr(d, 'dynamic', 1)
print(getattr(d, 'dynamic'), hasattr(d, 'nothing'), vars(d))
delattr(d, 'dynamic')
print(vars(d))
Base.added = property(lambda self: self.v * 10)
print(d.added)
del Base.added
print(hasattr(d, 'added'))
Point = type('Point', (tuple,), {'x': property(lambda s: s[0]), 'y': property(lambda s: s[1])})
pt = Point((3, 4))
print(pt, pt.x, pt.y, len(pt))
for args in [('X', 5, {}), ('X', (), 5), (1, (), {})]:
    try:
        type(*args)
    except TypeError as e:
        print('TypeError:', e)
print(type('E', (), {})().__class__.__name__, type(type('E2', (), {})).__name__)
import types
ns = types.SimpleNamespace(a=1, b='two')
ns.c = [3]
print(ns, ns.a, vars(ns), ns == types.SimpleNamespace(a=1, b='two', c=[3]))
m = types.new_class('Made', (Base,), {}, lambda ns: ns.update(k=1))
print(m.k, m(2).greet())
