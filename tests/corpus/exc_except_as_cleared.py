e = 'before'
try:
    raise ValueError('inside')
except ValueError as e:
    print('handler sees', e)
try:
    print(e)
except NameError as err:
    print('NameError:', err)
def f():
    x = 'local'
    try:
        1 / 0
    except ZeroDivisionError as x:
        pass
    return 'x' in locals()
print(f())
saved = None
try:
    raise KeyError('keep')
except KeyError as err2:
    saved = err2
print(repr(saved), saved.__traceback__ is not None)
