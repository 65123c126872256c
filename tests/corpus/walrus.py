import re
data = [1, 5, 12, 7, 30, 2]
if (n := len(data)) > 5:
    print(f'list is long ({n} elements)')
print([y for x in data if (y := x * 2) > 10])
print(y)
lines = iter(['a', 'bb', '', 'ccc'])
while (line := next(lines)) != '':
    print('line', line)
if m := re.search(r'(\d+)', 'abc 123 def'):
    print('matched', m.group(1))
values = [v for raw in ['1', 'x', '3'] if (v := raw).isdigit()]
print(values, v)
def f(x):
    return (r := x + 1) * r
print(f(3), (z := 5) + z)
total = 0
partials = [total := total + i for i in range(5)]
print(partials, total)
print([(a := i, a ** 2) for i in range(3)], a)
