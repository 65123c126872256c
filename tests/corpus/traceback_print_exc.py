import traceback
def level3(x):
    return 10 / x
def level2(x):
    return level3(x - 1)
def level1():
    return level2(1)
try:
    level1()
except ZeroDivisionError:
    traceback.print_exc()
print('continuing')
try:
    {'a': 1}['b']
except KeyError:
    traceback.print_exc(limit=1)
try:
    int('xyz')
except ValueError as e:
    print(''.join(traceback.format_exception_only(type(e), e)), end='')
    print(traceback.format_exc().splitlines()[-1])
def fails():
    raise RuntimeError('inner problem')
try:
    try:
        fails()
    except RuntimeError as e:
        raise TypeError('outer problem') from e
except TypeError:
    traceback.print_exc()
