VALUES = [(1000, 'M'), (900, 'CM'), (500, 'D'), (400, 'CD'), (100, 'C'), (90, 'XC'), (50, 'L'), (40, 'XL'), (10, 'X'), (9, 'IX'), (5, 'V'), (4, 'IV'), (1, 'I')]
def to_roman(n):
    if not 0 < n < 4000:
        raise ValueError(f'{n} out of range')
    out = []
    for v, sym in VALUES:
        count, n = divmod(n, v)
        out.append(sym * count)
    return ''.join(out)
def from_roman(s):
    table = {'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
    total = 0
    for a, b in zip(s, s[1:] + ' '):
        v = table[a]
        total += -v if b != ' ' and table[b] > v else v
    return total
for n in [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]:
    r = to_roman(n)
    print(n, r, from_roman(r))
print(all(from_roman(to_roman(i)) == i for i in range(1, 4000)))
for bad in [0, 4000, -5]:
    try:
        to_roman(bad)
    except ValueError as e:
        print('ValueError:', e)
try:
    from_roman('ABC')
except KeyError as e:
    print('KeyError:', e)
