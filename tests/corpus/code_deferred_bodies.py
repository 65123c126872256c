# Code objects nested in frozen modules and in cached modules are decoded
# when first used: everything a program can see of them stays the same.
import importlib
import importlib._bootstrap as bootstrap
import marshal
import os
import posixpath
import shutil
import sys
import tempfile
import threading
import types

# Functions of frozen modules: names, docstrings, counts, file names.
for f in (posixpath.join, posixpath.splitext, os.makedirs, bootstrap._find_and_load):
    c = f.__code__
    print(c.co_name, c.co_qualname, c.co_argcount, c.co_kwonlyargcount,
          c.co_posonlyargcount, c.co_nlocals, bool(c.co_flags & 0x20),
          (f.__doc__ or '').split('\n')[0][:40])
print(bootstrap._ModuleLock.__init__.__code__.co_filename)
print(bootstrap._find_and_load.__code__.co_filename)

# A frozen function never called before: its body on first read.
c = posixpath.commonpath.__code__
print(c.co_argcount, len(c.co_code) > 0, c.co_consts[0][:20] if c.co_consts else None)
print(posixpath.commonpath(['/usr/lib', '/usr/local/lib']))

# The closure check at function creation.
def outer():
    x = 1
    def inner():
        return x
    return inner
inner = outer()
try:
    types.FunctionType(inner.__code__, {})
except TypeError as e:
    print('TypeError', e)
for args in ((), (None, None, ())):
    try:
        types.FunctionType(inner.__code__, {}, *args, closure=()) if not args else \
            types.FunctionType(inner.__code__, {}, *args)
    except ValueError as e:
        print('ValueError', e)
f = types.FunctionType(posixpath.basename.__code__, vars(posixpath), None)
print(f.__name__, f('/a/b.txt'))

# marshal round trip of a frozen function's code.
c2 = marshal.loads(marshal.dumps(posixpath.relpath.__code__))
print(c2 == posixpath.relpath.__code__, c2.co_name, c2.co_varnames[:4])

# Many threads reading the same undecoded code at once.
codes = [v.__code__ for v in vars(posixpath).values() if isinstance(v, types.FunctionType)]
seen = []
def read():
    seen.append(sum(len(c.co_code) + len(c.co_consts) for c in codes))
ts = [threading.Thread(target=read) for _ in range(8)]
for t in ts: t.start()
for t in ts: t.join()
print(len(set(seen)), len(seen))

# A module compiled from source, cached, then loaded from its cache.
d = tempfile.mkdtemp()
sys.dont_write_bytecode = False
with open(os.path.join(d, 'cached_bodies.py'), 'w') as fh:
    fh.write('''"""module doc"""
LIMIT = frozenset({1, 2, 3})
def top(a, b=2, *args, k=3, **kw):
    "top doc"
    return a + b + k + len(args) + len(kw)
def maker(n):
    def add(x):
        return x + n
    return add
class Shape:
    "shape doc"
    sides = 0
    def __init__(self, name):
        self.name = name
    def describe(self):
        return f"{self.name}:{self.sides}:{self.name in ('a', 'b')}"
    @property
    def twice(self):
        return self.sides * 2
def gen(n):
    for i in range(n):
        if i in LIMIT:
            yield i * 1.5
def fails():
    raise ValueError("from a cached body")
class Keys:
    def __getitem__(self, key):
        return key
def columns():
    return Keys()[:, None], Keys()[1:2, ::-1]
''')
sys.path.insert(0, d)
for round in range(2):
    sys.modules.pop('cached_bodies', None)
    importlib.invalidate_caches()
    m = importlib.import_module('cached_bodies')
    s = m.Shape('a')
    print(round, m.__doc__, m.top(1), m.top.__doc__, m.maker(5)(1), s.describe(), s.twice,
          m.Shape.__doc__, list(m.gen(5)), m.top.__code__.co_varnames, m.maker.__code__.co_cellvars)
    try:
        m.fails()
    except ValueError as e:
        tb = e.__traceback__
        while tb.tb_next:
            tb = tb.tb_next
        print(e, tb.tb_frame.f_code.co_name, tb.tb_lineno, os.path.basename(tb.tb_frame.f_code.co_filename))
    print(m.columns(), len(os.listdir(os.path.join(d, '__pycache__'))))
sys.path.remove(d)
shutil.rmtree(d)
