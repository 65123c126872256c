# The frame object of a traceback entry shows the frame's own code
# (co_flags, co_argcount...), its locals, and for a class body or an
# exec'd source the namespace it ran in.
import sys, traceback

FLAGS = 0x3ff

def inner(a, b=2, *args, k=1, **kw):
    x = a + 1
    def cl():
        return x
    raise KeyError(a)

def gen(n):
    y = n * 2
    yield y
    raise ValueError(n)

class C:
    def m(self):
        return {}[self.key]
    key = 'missing'

def show(tb):
    tb = tb.tb_next  # skip the module frame
    while tb is not None:
        f = tb.tb_frame
        c = f.f_code
        print(c.co_name, c.co_qualname, c.co_flags & FLAGS, c.co_argcount,
              c.co_posonlyargcount, c.co_kwonlyargcount, c.co_varnames,
              c.co_freevars, c.co_cellvars, tb.tb_lineno, f.f_lineno,
              sorted(k for k in f.f_locals if k != 'cl'),
              f.f_globals is globals(), type(f.f_builtins).__name__)
        tb = tb.tb_next

try:
    inner(1, k=3)
except KeyError as e:
    show(e.__traceback__)
    traceback.print_exc(file=sys.stdout)
    frame = e.__traceback__.tb_next.tb_frame
    frame.clear()
    print(frame.f_locals)

g = gen(5)
next(g)
try:
    next(g)
except ValueError as e:
    show(e.__traceback__)
    traceback.print_exc(file=sys.stdout)

def catcher():
    try:
        C().m()
    except KeyError as e:
        tb = e.__traceback__
        print(tb.tb_frame is sys._getframe(), tb.tb_next.tb_frame.f_code.co_name)
        return e

e = catcher()
tb = e.__traceback__
print(tb.tb_frame.f_code.co_flags & FLAGS, tb.tb_next.tb_frame.f_code.co_argcount)
print(''.join(traceback.format_exception(e)[-2:]), end='')
s = traceback.StackSummary.extract(traceback.walk_tb(e.__traceback__), capture_locals=True)
print([sorted(f.locals) for f in s])

for i in range(3):
    try:
        {}[i]
    except KeyError as e:
        print(type(e).__name__, e.__traceback__.tb_lineno, e.__traceback__.tb_next)

try:
    class K:
        attr = 1
        raise LookupError('in class body')
except LookupError as e:
    f = e.__traceback__.tb_next.tb_frame
    print(f.f_code.co_name, f.f_code.co_flags & FLAGS,
          sorted(k for k in f.f_locals if k not in ('__firstlineno__', '__static_attributes__')),
          f.f_locals is f.f_globals)

ns = {}
try:
    exec("z = 3\nraise OSError('x')", {}, ns)
except OSError as e:
    f = e.__traceback__.tb_next.tb_frame
    print(f.f_code.co_name, f.f_locals is ns, f.f_lineno, sorted(ns))

def outer():
    v = 10
    def inner2():
        return v + missing
    return inner2

try:
    outer()()
except NameError as e:
    f = e.__traceback__.tb_next.tb_frame
    c = f.f_code
    print(c.co_name, c.co_freevars, c.co_flags & FLAGS, c.co_argcount, f.f_lineno)
