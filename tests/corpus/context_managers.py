from contextlib import contextmanager, ExitStack, suppress, closing, nullcontext
class Resource:
    def __init__(self, name, suppress_errors=False):
        self.name, self.suppress_errors = name, suppress_errors
    def __enter__(self):
        print(f'enter {self.name}')
        return self
    def __exit__(self, exc_type, exc, tb):
        print(f'exit {self.name}: {exc_type.__name__ if exc_type else None} {exc!r}')
        return self.suppress_errors
with Resource('a') as r:
    print('inside', r.name)
with Resource('outer'), Resource('inner') as inner:
    print('nested body', inner.name)
with Resource('swallow', suppress_errors=True):
    raise ValueError('hidden')
print('after swallow')
try:
    with Resource('propagate'):
        raise KeyError('k')
except KeyError as e:
    print('caught', repr(e))
@contextmanager
def tag(name):
    print(f'<{name}>')
    try:
        yield name.upper()
    except ZeroDivisionError:
        print(f'handled inside {name}')
    finally:
        print(f'</{name}>')
with tag('div') as t:
    print('content', t)
with tag('math'):
    1 / 0
print('continued')
with ExitStack() as stack:
    for n in ['x', 'y', 'z']:
        stack.enter_context(Resource(n))
    stack.callback(print, 'callback runs first')
    print('in exit stack')
with suppress(FileNotFoundError, KeyError):
    {}['missing']
print('suppressed')
class Closable:
    def close(self):
        print('closed!')
with closing(Closable()):
    print('using closable')
with nullcontext(5) as five:
    print(five)
def early_return():
    with Resource('ret'):
        return 'returned'
print(early_return())
for i in range(3):
    with Resource(f'loop{i}'):
        if i == 1:
            continue
        if i == 2:
            break
