def inner():
    received = []
    try:
        while True:
            x = yield f'inner got {x if received else None}'
            received.append(x)
            if x == 'done':
                return received
    except ValueError as e:
        yield f'inner handled {e}'
        return 'after error'
def outer():
    r = yield from inner()
    yield f'outer saw {r}'
o = outer()
print(next(o))
print(o.send('a'))
print(o.send('done'))
o2 = outer()
next(o2)
print(o2.throw(ValueError('injected')))
print(next(o2))
def chain(*iterables):
    for it in iterables:
        yield from it
print(list(chain('ab', [1, 2], range(2), (x * 10 for x in range(2)), {'k': 1})))
def flatten(x):
    if isinstance(x, (list, tuple)):
        for item in x:
            yield from flatten(item)
    else:
        yield x
print(list(flatten([1, (2, [3, [4, (5,)]]), [], 6])))
def closer():
    try:
        yield 1
        yield 2
    finally:
        print('inner closed')
def outer_closer():
    yield from closer()
oc = outer_closer()
next(oc)
oc.close()
def yf_iter():
    r = yield from [1, 2]
    yield r
print(list(yf_iter()))
