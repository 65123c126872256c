import sys
def risky():
    raise ValueError('original')
try:
    try:
        risky()
    except ValueError:
        print('logging, then re-raising')
        raise
except ValueError as e:
    print('outer got', e, e.__traceback__.tb_next.tb_frame.f_code.co_name)
try:
    try:
        risky()
    except ValueError as e:
        raise e
except ValueError as e:
    print('raise e keeps identity', e.args)
def info():
    return sys.exc_info()[0], sys.exception() if hasattr(sys, 'exception') else sys.exc_info()[1]
try:
    raise KeyError('k')
except KeyError:
    t, v = info()
    print(t.__name__, repr(v))
    try:
        raise TypeError('nested')
    except TypeError:
        print(sys.exc_info()[0].__name__)
    print(sys.exc_info()[0].__name__)
print(sys.exc_info())
try:
    raise
except RuntimeError as e:
    print('RuntimeError:', e)
def reraise_later():
    try:
        1 / 0
    except ZeroDivisionError as e:
        saved = e
    raise saved
try:
    reraise_later()
except ZeroDivisionError as e:
    print('saved exception re-raised:', e)
try:
    raise ValueError
except ValueError as e:
    print('class raised:', repr(e), e.args)
