tests = [
    "'abc' + 1", "1 + 'abc'", "'abc' * 'x'", "'abc' * 2.0", "'abc'[5]", "'abc'['x']",
    "'abc'.foo", "len(5)", "'abc'.join(5)", "int('abc')", "'abc' - 'a'", "-'abc'", "'%d' % 'x'",
    "s.__setitem__(0, 'x')", "str(b'x', 'bad-codec')", "'a'.encode(5)", "'x' < 1", "sorted(['a', 1])",
    "'abc'.split(1)", "'{}{}'.format(1)", "'abc'.center()", "'a' in 1", "1 in 'abc'", "'abc'[1:2:0]",
]
s = 'text'
for t in tests:
    try:
        r = eval(t)
        print(t, '=', repr(r))
    except Exception as e:
        print(f'{t:28} {type(e).__name__}: {e}')
try:
    s[0] = 'T'
except TypeError as e:
    print('assign:', e)
try:
    del s[0]
except TypeError as e:
    print('del:', e)
