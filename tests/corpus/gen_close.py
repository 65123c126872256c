def tracked(name):
    print(f'{name}: start')
    try:
        while True:
            yield name
    except GeneratorExit:
        print(f'{name}: GeneratorExit')
        raise
    finally:
        print(f'{name}: finally')
g = tracked('a')
next(g)
g.close()
g.close()
print(next(g, 'closed gen is exhausted'))
never_started = tracked('b')
never_started.close()
print('closed unstarted without output')
def stubborn():
    try:
        yield 1
    except GeneratorExit:
        yield 'refusing'
s = stubborn()
next(s)
try:
    s.close()
except RuntimeError as e:
    print('RuntimeError:', e)
def returns_on_exit():
    try:
        yield 1
    except GeneratorExit:
        return 'ignored value'
r = returns_on_exit()
next(r)
print(r.close())
def raises_other():
    try:
        yield
    except GeneratorExit:
        raise ValueError('replaced')
x = raises_other()
next(x)
try:
    x.close()
except ValueError as e:
    print('ValueError from close:', e)
finished = tracked('c')
for v in finished:
    print('loop got', v)
    break
finished.close()
