names = ['test_alpha.py', 'test_beta.txt', 'gamma.py', 'test_', '']
for n in names:
    print(repr(n.removeprefix('test_')), repr(n.removesuffix('.py')), repr(n.removeprefix('test_').removesuffix('.py')))
print('aaa'.removeprefix('a'), 'abc'.removeprefix(''), b'prefix-x'.removeprefix(b'prefix-'), bytearray(b'a.py').removesuffix(b'.py'))
print(' '.join(x.strip().lower() for x in [' A ', 'B  ', '  c']))
try:
    'x'.removeprefix(1)
except TypeError as e:
    print('TypeError:', e)
