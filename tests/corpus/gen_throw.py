def resilient():
    n = 0
    while True:
        try:
            yield n
            n += 1
        except ValueError as e:
            print('generator handled', e)
            n = 100
g = resilient()
print(next(g), next(g))
print(g.throw(ValueError('reset')))
print(next(g))
try:
    g.throw(KeyError('unhandled'))
except KeyError as e:
    print('propagated', repr(e))
print(next(g, 'dead'))
def cleanup_gen():
    try:
        yield 1
    finally:
        print('cleanup in finally')
c = cleanup_gen()
next(c)
try:
    c.throw(RuntimeError('boom'))
except RuntimeError as e:
    print('after throw:', e)
def unstarted():
    print('body runs?')
    yield 1
u = unstarted()
try:
    u.throw(ValueError('before start'))
except ValueError as e:
    print('unstarted throw raised immediately:', e)
def yielding_in_except():
    try:
        yield 'first'
    except TypeError:
        yield 'from except'
        yield 'still in except'
y = yielding_in_except()
print(next(y), y.throw(TypeError), next(y))
try:
    g2 = resilient()
    next(g2)
    g2.throw(ValueError)
    print('class throw ok', next(g2))
except Exception as e:
    print(type(e).__name__, e)
