s = '  alpha  beta\tgamma\ndelta  '
print(s.split(), s.split(' '), s.split(None, 1), s.rsplit(None, 1), s.split(' ', 3))
csv = 'a,b,,c,'
print(csv.split(','), csv.split(',', 2), csv.rsplit(',', 2), csv.split(',', 0), csv.split(',', -1))
print('one::two::three'.split('::'), 'abc'.split('abc'), ''.split(), ''.split(','))
text = 'line1\nline2\r\nline3\rline4\n\nline6\x0bline7\u2028end'
print(text.splitlines(), text.splitlines(keepends=True), 'x\n'.splitlines(), '\n'.split('\n'))
print('key=value=more'.partition('='), 'key=value=more'.rpartition('='), 'nokey'.partition('='), 'nokey'.rpartition('='))
print('-'.join(['a', 'b', 'c']), ''.join(map(str, range(5))), ', '.join(sorted({'z': 1, 'a': 2})), '.'.join('abc'))
for bad in ["'x'.split('')", "','.join([1, 2])", "'a'.join('b', 'c')"]:
    try:
        eval(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
print(' '.join(w.capitalize() for w in 'the quick brown fox'.split()))
