import re
text = 'Contact: alice@example.com, bob.smith@test.org; phone 555-1234 or 555-9876.'
print(re.findall(r'[\w.]+@[\w.]+\.\w+', text))
print(re.findall(r'(\d{3})-(\d{4})', text))
m = re.search(r'(\w+)@(\w+)\.com', text)
print(m.group(), m.group(1), m.groups(), m.span(), m.start(2), m.end(), m[2])
print(re.match(r'Contact', text) is not None, re.match(r'alice', text), re.fullmatch(r'\d+', '12345') is not None)
print(re.sub(r'\d', '#', text), re.sub(r'(\w+)@', r'<\1>@', text, count=1))
print(re.split(r'[,;]\s*', text), re.split(r'(\s)', 'a b  c', maxsplit=2))
print(re.subn(r'o', '0', 'foo boo'), re.escape('a.b*c?'), re.sub(r'x*', '-', 'abc'))
pat = re.compile(r'^(?P<key>\w+)\s*=\s*(?P<val>.*)$', re.M)
for mm in pat.finditer('name = hipy\nversion= 0.1\n bad line\nlang =python'):
    print(mm.group('key'), repr(mm['val']), mm.groupdict(), mm.span())
print(pat.pattern, pat.flags & re.M == re.M, pat.groups, sorted(pat.groupindex.items()))
