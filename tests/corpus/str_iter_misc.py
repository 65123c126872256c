s = 'Mississippi'
print(list(s)[:4], list(reversed(s))[:3], [i for i, c in enumerate(s) if c == 's'], set(s) == {'M', 'i', 's', 'p'})
print(sorted(set(s)), {c: s.count(c) for c in sorted(set(s))}, 'ss' in s, s.index('ss', 3))
it = iter('ab')
print(next(it), next(it), next(it, 'done'))
print(''.join(c.upper() if i % 2 else c for i, c in enumerate('alternate')))
print(tuple('xyz'), dict(zip('abc', 'xyz')), str(list('hi')), ''.join(reversed('stressed')))
print(any(c.isdigit() for c in 'abc1'), all(c.isalpha() for c in 'abc'), max('apple'), sum(map(ord, 'AB')))
count = 0
for ch in 'hello world':
    if ch in 'aeiou':
        count += 1
print(count, 'hello'[1:4][::-1], 'x'.join('123'), str.upper('q'), 'ab'.__len__(), 'a'.__add__('b'))
print([s[i:i + 3] for i in range(0, len(s), 3)], s.encode()[:3], s.title(), s.lower().count('i'))
