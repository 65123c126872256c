def countdown(n):
    print('starting countdown')
    while n > 0:
        yield n
        n -= 1
    print('countdown done')
g = countdown(3)
print(type(g).__name__, g.__name__, g.__qualname__)
print(next(g))
print(next(g), next(g))
try:
    next(g)
except StopIteration as e:
    print('StopIteration', e.value, e.args)
print(list(countdown(2)), list(g))
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
f = fib()
print([next(f) for _ in range(15)])
def chars(s):
    for c in s:
        if c == ' ':
            continue
        yield c.upper()
print(''.join(chars('a b c d')), tuple(chars('xy')), set(chars('aa')))
def empty():
    return
    yield
print(list(empty()), next(empty(), 'none'))
def with_return():
    yield 1
    return 'result'
print(list(with_return()))
gen = (i * i for i in range(4))
print(gen.__name__, list(gen), list(gen))
def infinite_ids():
    i = 0
    while True:
        i += 1
        yield f'id-{i}'
ids = infinite_ids()
print(next(ids), next(ids), [x for _, x in zip(range(3), ids)])
