import sys
def raise_it(exc):
    try:
        raise exc
    except Exception as e:
        return f'Exception caught {type(e).__name__}'
    except BaseException as e:
        return f'only BaseException caught {type(e).__name__}'
for exc in [ValueError(), KeyboardInterrupt(), SystemExit(1), GeneratorExit(), StopIteration(), ArithmeticError()]:
    print(raise_it(exc))
try:
    try:
        raise KeyboardInterrupt
    except:
        print('bare except catches KeyboardInterrupt')
        raise
except KeyboardInterrupt:
    print('re-raised KeyboardInterrupt')
class MyBase(BaseException):
    pass
try:
    raise MyBase('custom base')
except Exception:
    print('wrong')
except BaseException as e:
    print('custom BaseException', e)
try:
    raise 5
except TypeError as e:
    print('TypeError:', e)
try:
    raise object
except TypeError as e:
    print('TypeError:', e)
try:
    raise ValueError from 5
except TypeError as e:
    print('TypeError:', e)
class NotAnException:
    pass
try:
    try:
        pass
    finally:
        raise NotAnException()
except TypeError as e:
    print('TypeError:', e)
try:
    try:
        raise ValueError('x')
    except 'not a class':
        pass
except TypeError as e:
    print('TypeError:', e)
