s = 'the cat sat on the mat with the hat'
print(s.find('the'), s.find('the', 1), s.rfind('the'), s.find('dog'), s.find('at', 5, 10), s.rfind('at', 0, 10))
print(s.index('sat'), s.rindex('at'), s.count('at'), s.count('the', 5), s.count(''), ''.count(''))
print(s.startswith('the'), s.startswith(('a', 'th')), s.endswith('hat'), s.endswith('at', 0, 7), s.startswith('cat', 4))
print('at' in s, 'dog' not in s, '' in s, s.find(''), s.rfind(''))
for call in [lambda: s.index('dog'), lambda: s.rindex('z'), lambda: s.startswith(['t']), lambda: s.find(1)]:
    try:
        print(call())
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
positions = []
i = s.find('at')
while i != -1:
    positions.append(i)
    i = s.find('at', i + 1)
print(positions)
