def make_counter(start=0):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    def get():
        return count
    return inc, get
inc, get = make_counter(10)
print(inc(), inc(5), get())
inc2, get2 = make_counter()
print(inc2(), get(), get2())
def make_multipliers():
    return [lambda x, i=i: x * i for i in range(4)]
print([m(10) for m in make_multipliers()])
def late():
    fs = []
    for i in range(3):
        fs.append(lambda: i)
    return [f() for f in fs]
print(late())
def accumulator():
    total = []
    def add(x):
        total.append(x)
        return sum(total)
    return add
acc = accumulator()
print(acc(1), acc(2), acc(10), acc.__closure__[0].cell_contents)
print(inc.__code__.co_freevars, make_counter.__code__.co_cellvars, inc.__closure__ is not None, get.__name__, inc.__qualname__)
def memo(f):
    cache = {}
    def wrapped(n):
        if n not in cache:
            cache[n] = f(n)
        return cache[n]
    wrapped.cache = cache
    return wrapped
@memo
def slow_sq(n):
    return n * n
print(slow_sq(4), slow_sq(4), slow_sq.cache)
