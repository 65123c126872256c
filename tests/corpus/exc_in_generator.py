def numbers():
    yield 1
    yield 2
    raise ValueError('generator broke')
    yield 3
g = numbers()
print(next(g), next(g))
try:
    next(g)
except ValueError as e:
    print('ValueError:', e)
print(next(g, 'exhausted after error'))
def safe_gen():
    for x in [1, 0, 2]:
        try:
            yield 10 // x
        except ZeroDivisionError:
            yield 'div by zero handled in generator'
print(list(safe_gen()))
def consumer():
    try:
        while True:
            v = yield
            print('consumed', v)
    except GeneratorExit:
        print('consumer closing')
        raise
c = consumer()
next(c)
c.send('a')
c.close()
def wrapper():
    try:
        yield from numbers()
    except ValueError as e:
        yield f'wrapper caught {e}'
print(list(wrapper()))
def gen_in_comprehension():
    return [1 / x for x in (2, 1, 0)]
try:
    gen_in_comprehension()
except ZeroDivisionError as e:
    print('ZeroDivisionError:', e)
print(sum(x for x in range(5)), list(x for x in numbers() if x < 2) if False else 'skip')
