class Proxy:
    def __init__(self, target):
        object.__setattr__(self, '_target', target)
        object.__setattr__(self, '_log', [])
    def __getattr__(self, name):
        self._log.append(('get', name))
        return getattr(self._target, name)
    def __setattr__(self, name, value):
        self._log.append(('set', name))
        setattr(self._target, name, value)
    def __delattr__(self, name):
        self._log.append(('del', name))
        delattr(self._target, name)
class Target:
    def __init__(self):
        self.x = 1
    def hello(self):
        return 'hello from target'
t = Target()
p = Proxy(t)
print(p.x, p.hello())
p.y = 2
del p.x
print(vars(t), p._log)
try:
    p.missing
except AttributeError as e:
    print('AttributeError:', e)
class Logged:
    def __init__(self):
        self.a = 1
    def __getattribute__(self, name):
        if not name.startswith('__'):
            print(f'  access {name}')
        return super().__getattribute__(name)
    def method(self):
        return self.a
l = Logged()
print(l.a)
print(l.method())
class Defaults:
    known = 'k'
    def __getattr__(self, name):
        if name.startswith('opt_'):
            return name[4:].upper()
        raise AttributeError(f'{type(self).__name__!r} has no {name!r}')
d = Defaults()
print(d.known, d.opt_color, getattr(d, 'opt_size'), hasattr(d, 'opt_x'), hasattr(d, 'zzz'), getattr(d, 'zzz', 'dflt'))
try:
    d.zzz
except AttributeError as e:
    print('AttributeError:', e)
print(getattr(1, 'real'), getattr([], 'nope', None))
try:
    getattr(object(), 'nope')
except AttributeError as e:
    print('AttributeError:', e)
class ReadOnly:
    def __setattr__(self, n, v):
        raise AttributeError(f'cannot set {n}')
try:
    ReadOnly().v = 1
except AttributeError as e:
    print('AttributeError:', e)
