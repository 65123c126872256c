import functools
print(functools.reduce(lambda a, b: a * b, range(1, 6)), functools.reduce(lambda a, b: a + b, [], 'init'))
def power(base, exp):
    return base ** exp
square = functools.partial(power, exp=2)
cube = functools.partial(power, exp=3)
print(square(7), cube(2), square.func.__name__, square.keywords, functools.partial(power, 2)(10))
calls = []
@functools.lru_cache(maxsize=None)
def fib(n):
    calls.append(n)
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(80), len(calls), fib.cache_info())
fib.cache_clear()
print(fib.cache_info())
@functools.lru_cache(maxsize=2)
def sq(x):
    return x * x
for v in [1, 2, 1, 3, 2]:
    sq(v)
print(sq.cache_info())
@functools.total_ordering
class V:
    def __init__(self, n):
        self.n = n
    def __eq__(self, o):
        return self.n == o.n
    def __lt__(self, o):
        return self.n < o.n
print(V(1) <= V(2), V(3) >= V(2), V(1) > V(1), sorted([V(3), V(1)], key=lambda v: v.n)[0].n)
def deco(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        return f(*a, **k)
    return wrapper
@deco
def documented():
    """Docstring here."""
print(documented.__name__, documented.__doc__, documented.__wrapped__.__name__)
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
class C:
    @functools.cached_property
    def value(self):
        print('computing')
        return 42
c = C()
print(c.value, c.value, 'value' in vars(c))
@functools.singledispatch
def show(x):
    return f'object {x!r}'
@show.register
def _(x: int):
    return f'int {x}'
@show.register(list)
def _(x):
    return f'list of {len(x)}'
print(show(1), show('s'), show([1, 2]), show(True))
