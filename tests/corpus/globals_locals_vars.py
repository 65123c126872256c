globals()['dynamic'] = 'set via globals()'
print(dynamic)
def show():
    a, b = 1, 2
    return sorted(locals().items())
print(show())
class P:
    cls_attr = 'c'
    def __init__(self):
        self.x = 1
        self.y = [2]
p = P()
print(vars(p), p.__dict__ is vars(p), sorted(k for k in vars(P) if not k.startswith('__')))
vars(p)['z'] = 3
print(p.z)
import types
mod = types.ModuleType('m')
mod.value = 9
print(vars(mod)['value'], vars(mod)['__name__'])
try:
    vars(5)
except TypeError as e:
    print('TypeError:', e)
print('show' in globals(), globals()['__name__'], type(globals()).__name__, locals() is globals())
g = globals()
print(g['P'] is P, '__builtins__' in g, sorted(k for k in g if k in ('p', 'mod', 'g', 'types')))
