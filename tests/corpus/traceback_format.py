import traceback, sys
def f():
    g()
def g():
    raise ValueError('from g')
try:
    f()
except ValueError as e:
    tb = e.__traceback__
    frames = traceback.extract_tb(tb)
    for fs in frames:
        print(fs.name, fs.lineno, fs.line)
    print(len(traceback.format_tb(tb)), [type(x).__name__ for x in traceback.walk_tb(tb)][:1])
    lines = traceback.format_exception(e)
    print(lines[0], end='')
    print(lines[-1], end='')
    te = traceback.TracebackException.from_exception(e)
    print(str(te), te.stack[-1].name)
    exc_type, exc_val, exc_tb = sys.exc_info()
    print(exc_type.__name__, exc_val, exc_tb is tb)
def stack_depth():
    return [fs.name for fs in traceback.extract_stack()]
def wrapper():
    return stack_depth()
print(wrapper())
print(sys.exc_info())
