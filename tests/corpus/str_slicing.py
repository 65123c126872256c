s = 'abcdefghij'
print(s[0], s[-1], s[2:5], s[:3], s[7:], s[-3:], s[:-3], s[::2], s[1::3], s[::-1], s[8:2:-2], s[-1:-5:-1])
print(repr(s[5:2]), repr(s[100:]), s[-100:3], s[3:100], s[::-3], s[::10], repr(s[2:2]))
for start in [None, -12, -3, 0, 4, 12]:
    for stop in [None, -12, -2, 0, 6, 12]:
        print(repr(s[start:stop]), repr(s[start:stop:-1]), end=' ')
    print()
sl = slice(1, 8, 3)
print(s[sl], sl.indices(len(s)), slice(None, None, -1).indices(5), slice(-20, 20).indices(10))
try:
    s[::0]
except ValueError as e:
    print('ValueError:', e)
try:
    s[10]
except IndexError as e:
    print('IndexError:', e)
try:
    s[1.5]
except TypeError as e:
    print('TypeError:', e)
