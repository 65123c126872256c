class Both:
    def __repr__(self):
        return 'Both(repr)'
    def __str__(self):
        return 'Both(str)'
class ReprOnly:
    def __repr__(self):
        return 'ReprOnly()'
class StrOnly:
    def __str__(self):
        return 'StrOnly as str'
class Fmt:
    def __format__(self, spec):
        return f'Fmt[{spec or "default"}]'
b, r = Both(), ReprOnly()
print(b, repr(b), str(b), [b], (b,), {'k': b}, f'{b}', f'{b!r}', '%s %r' % (b, b), '{} {!r}'.format(b, b))
print(r, str(r), [r], f'{r}')
s = StrOnly()
print(s, str(s), repr(s).startswith('<__main__.StrOnly object at 0x'))
print(f'{Fmt()} {Fmt():>10} {Fmt():x}', format(Fmt(), 'spec'), '{:abc}'.format(Fmt()))
try:
    format(object(), 'x')
except TypeError as e:
    print('TypeError:', e)
class BadRepr:
    def __repr__(self):
        return 5
try:
    repr(BadRepr())
except TypeError as e:
    print('TypeError:', e)
class BadStr:
    def __str__(self):
        raise ValueError('no str for you')
try:
    print(BadStr())
except ValueError as e:
    print('ValueError:', e)
print(str(int), repr(str), str(None), repr(...), repr(NotImplemented), str(type(None)))
import math
print(repr(math).startswith("<module 'math'"), str(print), repr(len), repr(Ellipsis))
