import inspect
def worker():
    print('running:', g.gi_running)
    x = yield 1
    yield x
g = worker()
print(g.gi_code.co_name, g.gi_frame is not None, g.gi_running, g.gi_yieldfrom, inspect.getgeneratorstate(g))
print(next(g), inspect.getgeneratorstate(g), g.gi_frame.f_lineno, g.gi_frame.f_code.co_name)
print(g.send('sent'), inspect.getgeneratorstate(g))
print(next(g, 'end'), inspect.getgeneratorstate(g), g.gi_frame)
def outer():
    yield from inner_gen
inner_gen = (i for i in range(3))
o = outer()
next(o)
print(o.gi_yieldfrom is inner_gen, type(o.gi_yieldfrom).__name__)
def locals_gen(a):
    b = a * 2
    yield
    c = b + 1
    yield
lg = locals_gen(5)
next(lg)
print(sorted(lg.gi_frame.f_locals.items()))
next(lg)
print(sorted(lg.gi_frame.f_locals.items()))
lg.close()
print(inspect.getgeneratorstate(lg), inspect.isgenerator(lg), inspect.isgeneratorfunction(locals_gen))
print(worker.__code__.co_flags & inspect.CO_GENERATOR != 0, inspect.isgeneratorfunction(len))
