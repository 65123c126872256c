def f(a, b, /, c, *, d):
    return a, b, c, d
print(f(1, 2, 3, d=4), f(1, 2, c=3, d=4))
for c in [lambda: f(a=1, b=2, c=3, d=4), lambda: f(1, b=2, c=3, d=4), lambda: f(1, 2, 3, 4), lambda: f(1, 2)]:
    try:
        print(c())
    except TypeError as e:
        print('TypeError:', e)
def kwargs_ok(x, /, **kw):
    return x, kw
print(kwargs_ok(1, x=2))
def pos_defaults(a, b=2, /, c=3):
    return a, b, c
print(pos_defaults(1), pos_defaults(1, 5), pos_defaults(1, c=9), pos_defaults.__defaults__)
import inspect
print(inspect.signature(f), inspect.signature(pos_defaults), inspect.signature(kwargs_ok))
for name, p in inspect.signature(f).parameters.items():
    print(name, p.kind.name, p.default is inspect.Parameter.empty)
print(divmod(7, 2), pow(2, 5))
try:
    divmod(a=7, b=2)
except TypeError as e:
    print('TypeError:', e)
