def f():
    a = 1
    exec('a = 2')
    return a
print(f())
def h():
    x = 1
    loc = locals()
    x = 2
    return loc['x'], locals()['x']
print(h())
def k():
    d = {}
    exec('y = 3\nz = y * 2', globals(), d)
    return d
print(k())
def m():
    v = 'visible'
    return eval('v')
print(m())
def n(arg):
    return sorted(locals())
print(n(1))
class C:
    attr = 1
    snapshot = sorted(k for k in locals() if not k.startswith('__'))
print(C.snapshot)
print(sorted(k for k in vars(C) if not k.startswith('__')))
