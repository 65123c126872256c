def show(*args, **kwargs):
    return f'args={args} kwargs={kwargs}'
print(show(), show(1, 2), show(a=1), show(1, *[2, 3], x=4, **{'y': 5}))
def forward(*args, **kwargs):
    return show(*args, extra=True, **kwargs)
print(forward(1, k='v'))
def mixed(a, b=10, *rest, key, flag=False, **opts):
    return a, b, rest, key, flag, opts
print(mixed(1, key='k'), mixed(1, 2, 3, 4, key='k', flag=True, z=0))
def count_calls(func):
    def wrapper(*a, **k):
        wrapper.calls += 1
        return func(*a, **k)
    wrapper.calls = 0
    return wrapper
@count_calls
def add(x, y):
    return x + y
print(add(1, 2), add(y=3, x=4), add.calls)
opts = {'sep': ' | ', 'end': ' <\n'}
print('a', 'b', 'c', **opts)
def order(**kw):
    return list(kw)
print(order(z=1, a=2, m=3), order(**dict.fromkeys('cba')))
try:
    show(**{'a': 1}, a=2)
except TypeError as e:
    print('TypeError:', e)
print((lambda *a: sum(a))(*range(5)), max(*[3, 9, 2]), '{}-{}'.format(*'xy'))
