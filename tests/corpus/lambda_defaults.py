def append_to(item, target=[]):
    target.append(item)
    return target
print(append_to(1), append_to(2), append_to(3, []), append_to(4))
print(append_to.__defaults__)
def safe_append(item, target=None):
    if target is None:
        target = []
    target.append(item)
    return target
print(safe_append(1), safe_append(2))
import time as _t
counter = [0]
def stamp(n=counter[0]):
    return n
counter[0] = 99
print(stamp(), stamp(5))
def kw(a, b=2, *args, c, d=4, **kw):
    return a, b, args, c, d, kw
print(kw(1, c=3), kw(1, 5, 6, 7, c=8, e=9), kw.__defaults__, kw.__kwdefaults__)
sq = lambda x, y=2: x ** y
print(sq(3), sq(3, 3), sq.__name__, (lambda: None)(), (lambda *a, **k: (a, k))(1, b=2))
compose = lambda f, g: lambda x: f(g(x))
inc_then_double = compose(lambda x: x * 2, lambda x: x + 1)
print(inc_then_double(5), list(map(lambda p: p[0] * p[1], [(1, 2), (3, 4)])))
def fdef(x=[]):
    return id(x) == id(fdef.__defaults__[0])
print(fdef(), fdef([]))
