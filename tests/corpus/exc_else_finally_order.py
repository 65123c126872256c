def attempt(x):
    log = []
    try:
        log.append('try')
        r = 10 / x
    except ZeroDivisionError:
        log.append('except')
        r = None
    else:
        log.append('else')
    finally:
        log.append('finally')
    return r, log
print(attempt(2))
print(attempt(0))
def else_raises():
    try:
        pass
    except Exception:
        print('not here')
    else:
        raise RuntimeError('from else')
    finally:
        print('finally after else raise')
try:
    else_raises()
except RuntimeError as e:
    print('caught', e)
def multi(v):
    try:
        if v == 1:
            raise ValueError('v')
        if v == 2:
            raise TypeError('t')
        if v == 3:
            raise KeyError('k')
        if v == 4:
            return [][0]
    except (ValueError, TypeError) as e:
        return f'value/type: {e!r}'
    except LookupError as e:
        return f'lookup: {type(e).__name__} {e}'
    except Exception:
        return 'generic'
    else:
        return 'no error'
for v in range(5):
    print(v, multi(v))
try:
    try:
        raise ValueError('a')
    except TypeError:
        print('wrong handler')
    finally:
        print('inner finally runs during propagation')
except ValueError as e:
    print('outer got', e)
