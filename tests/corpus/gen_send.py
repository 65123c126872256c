def accumulator():
    total = 0
    while True:
        value = yield total
        if value is None:
            break
        total += value
    return total
acc = accumulator()
print(next(acc))
print(acc.send(10), acc.send(5), acc.send(-3))
try:
    acc.send(None)
except StopIteration as e:
    print('final', e.value)
def echo():
    received = []
    while True:
        x = yield len(received)
        received.append(x)
        if x == 'stop':
            return received
e = echo()
print(e.send(None), e.send('a'), e.send('b'))
try:
    e.send('stop')
except StopIteration as s:
    print(s.value)
fresh = accumulator()
try:
    fresh.send(5)
except TypeError as err:
    print('TypeError:', err)
def averager():
    total, count, avg = 0.0, 0, None
    while True:
        term = yield avg
        total += term
        count += 1
        avg = total / count
a = averager()
next(a)
print([a.send(v) for v in [10, 20, 30, 5]])
def coroutine_with_state():
    state = 'idle'
    while True:
        cmd = yield state
        state = {'start': 'running', 'stop': 'stopped', 'pause': 'paused'}.get(cmd, f'unknown:{cmd}')
c = coroutine_with_state()
print(next(c), c.send('start'), c.send('pause'), c.send('fly'), c.send('stop'))
