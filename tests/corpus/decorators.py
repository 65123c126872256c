import functools
def trace(func):
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        result = func(*args, **kwargs)
        print(f'{func.__name__}{args} -> {result!r}')
        return result
    return wrapper
def repeat(times):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args):
            return [func(*args) for _ in range(times)]
        return wrapper
    return decorator
@trace
def add(a, b):
    return a + b
@repeat(3)
def hello(name):
    return f'hi {name}'
@trace
@repeat(2)
def both(x):
    return x * 2
add(2, 3)
print(hello('bob'))
both(5)
print(add.__name__, add.__wrapped__(10, 20), both.__name__)
def register(registry):
    def deco(cls):
        registry[cls.__name__] = cls
        return cls
    return deco
REG = {}
@register(REG)
class Alpha:
    pass
@register(REG)
class Beta:
    pass
print(sorted(REG))
def add_method(cls):
    cls.extra = lambda self: f'extra on {type(self).__name__}'
    return cls
@add_method
class Gamma:
    pass
print(Gamma().extra())
class CountCalls:
    def __init__(self, func):
        functools.update_wrapper(self, func)
        self.func = func
        self.calls = 0
    def __call__(self, *args):
        self.calls += 1
        return self.func(*args)
@CountCalls
def square(x):
    return x * x
print(square(3), square(4), square.calls, square.__name__)
def deco_with_optional_args(func=None, *, prefix='>'):
    if func is None:
        return lambda f: deco_with_optional_args(f, prefix=prefix)
    return lambda *a: prefix + str(func(*a))
@deco_with_optional_args
def f1():
    return 1
@deco_with_optional_args(prefix='#')
def f2():
    return 2
print(f1(), f2())
order = []
def mark(n):
    order.append(f'factory {n}')
    def d(f):
        order.append(f'apply {n}')
        return f
    return d
@mark(1)
@mark(2)
def marked():
    pass
print(order)
