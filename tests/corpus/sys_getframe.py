import sys
def current_name():
    return sys._getframe().f_code.co_name
def caller_name():
    return sys._getframe(1).f_code.co_name
def outer():
    inner_local = 'visible'
    return inner()
def inner():
    f = sys._getframe(1)
    return f.f_code.co_name, f.f_locals['inner_local'], f.f_lineno, sys._getframe().f_back.f_code.co_name
print(current_name(), (lambda: caller_name())(), outer())
def who_called():
    return caller_name()
print(who_called())
frame = sys._getframe()
print(frame.f_code.co_name, frame.f_globals is globals(), frame.f_back, frame.f_lineno)
def chain():
    names = []
    f = sys._getframe()
    while f is not None:
        names.append(f.f_code.co_name)
        f = f.f_back
    return names
def a():
    return b()
def b():
    return chain()
print(a())
try:
    sys._getframe(100)
except ValueError as e:
    print('ValueError:', e)
print(sys._getframe(0).f_code.co_filename == __file__, __file__.endswith('sys_getframe.py'))
