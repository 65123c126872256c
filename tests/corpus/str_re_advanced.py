import re
print(re.findall(r'\b\w+(?=ing\b)', 'going singing ring sing'))
print(re.findall(r'(?<=\$)\d+(?:\.\d\d)?', 'costs $12.50, $3 and 4$'))
print(re.sub(r'(?i)hello', 'bye', 'Hello HELLO hello'), re.findall(r'a.c', 'a\nc abc', re.S))
print(re.sub(r'(\d+)', lambda m: str(int(m.group()) * 2), 'a1 b22 c333'))
print(re.findall(r'(a|b)*c', 'ababc'), re.findall(r'(?:ab)+', 'ababab abab'), re.match(r'(a)(b)?', 'ac').groups())
print(re.match(r'(a)(b)?', 'ac').groups('-'), re.search(r'(\w)\1', 'hello').group(), re.findall(r'^\s*#.*$', '# c\ncode\n  # d', re.M))
print(re.findall(r'[^\W\d_]+', 'héllo wörld_42 ok'), re.findall(r'\d+', '١٢٣ 456'), re.findall(r'(?a)\d+', '١٢٣ 456'))
m = re.match(r'(?P<first>\w+) (?P<last>\w+)', 'Jane Doe')
print(m.expand(r'\g<last>, \g<first>'), m.lastgroup, m.lastindex, m.re.pattern, m.string, m.pos)
verbose = re.compile(r'''
    (\d{4})   # year
    -(\d\d)   # month
''', re.X)
print(verbose.match('2024-06').groups())
for bad in ['(', 'a{2,1}', '(?P<n>a)(?P<n>b)', '\\']:
    try:
        re.compile(bad)
    except re.error as e:
        print('re.error:', e.msg, e.pos)
print(re.sub(r'\s+', ' ', '  many   spaces\t\there  ').strip(), [m.span() for m in re.finditer(r'o', 'foo boo')])
