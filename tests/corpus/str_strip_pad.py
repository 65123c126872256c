s = '  \t hello \n '
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()), repr('xxhixx'.strip('x')), repr('abcba'.strip('ab')))
print(repr('www.example.com'.lstrip('cmowz.')), repr('mississippi'.rstrip('ips')))
for w in ['hi', 'hello', 'a', '']:
    print(repr(w.center(9)), repr(w.center(9, '*')), repr(w.ljust(7, '-')), repr(w.rjust(7, '.')), repr(w.zfill(5)))
print('42'.zfill(6), '-42'.zfill(6), '+3.5'.zfill(7), 'abc'.zfill(2), '-'.zfill(3))
print(repr('a\tb\tc'.expandtabs()), repr('a\tbc\td'.expandtabs(4)), repr('\t1\n\t2'.expandtabs(2)))
try:
    'x'.center(5, 'ab')
except TypeError as e:
    print('TypeError:', e)
