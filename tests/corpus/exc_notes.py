try:
    try:
        raise ValueError('bad input')
    except ValueError as e:
        e.add_note('while parsing line 7')
        e.add_note('file: data.csv')
        raise
except ValueError as e:
    print(e, e.__notes__)
try:
    ValueError().add_note(5)
except TypeError as e:
    print('TypeError:', e)
import traceback
e = KeyError('k')
e.add_note('note one')
print(''.join(traceback.format_exception_only(type(e), e)), end='')
def fail():
    err = RuntimeError('with notes')
    err.add_note('first note')
    err.add_note('second\nmultiline note')
    raise err
fail()
