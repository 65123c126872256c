class Tx:
    def __init__(self, name):
        self.name = name
        self.log = []
    def __enter__(self):
        self.log.append('begin')
        return self
    def __exit__(self, et, ev, tb):
        if et is None:
            self.log.append('commit')
        else:
            self.log.append(f'rollback({et.__name__}: {ev})')
        print(self.name, self.log)
        return et is KeyError
with Tx('ok') as t:
    t.log.append('work')
with Tx('suppressed') as t:
    t.log.append('work')
    raise KeyError('k')
try:
    with Tx('propagated') as t:
        raise ValueError('v')
except ValueError as e:
    print('outside with:', e)
class FailingEnter:
    def __enter__(self):
        raise RuntimeError('enter failed')
    def __exit__(self, *a):
        print('exit should not run')
try:
    with FailingEnter():
        print('body should not run')
except RuntimeError as e:
    print('RuntimeError:', e)
class FailingExit:
    def __enter__(self):
        return self
    def __exit__(self, *a):
        raise TypeError('exit failed')
try:
    with FailingExit():
        raise ValueError('body error')
except TypeError as e:
    print('TypeError:', e, '| context:', repr(e.__context__))
try:
    with open(__file__) as f, Tx('second') as t:
        first = f.readline()
        raise IndexError('after open')
except IndexError as e:
    print('IndexError:', e, f.closed, first.strip())
class NotACM:
    pass
try:
    with NotACM():
        pass
except (TypeError, AttributeError) as e:
    print(type(e).__name__ + ':', e)
