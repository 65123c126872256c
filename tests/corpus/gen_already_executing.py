def selfish():
    yield next(me)
me = selfish()
try:
    next(me)
except ValueError as e:
    print('ValueError:', e)
def reentrant():
    x = yield 1
    yield gen.send(x)
gen = reentrant()
next(gen)
try:
    gen.send('again')
except ValueError as e:
    print('ValueError:', e)
print(next(gen, 'generator finished after error'))
