grid = [[0] * 3] * 3
grid[0][0] = 1
print(grid)
good = [[0] * 3 for _ in range(3)]
good[0][0] = 1
print(good)
a = [1, 2]
b = a
b.append(3)
print(a, a is b, id(a) == id(b))
c = a + []
c.append(4)
print(a, c)
rows = [[]] * 2
rows[0].append('x')
print(rows, rows[0] is rows[1])
d = {'k': []}
e = dict(d)
e['k'].append(1)
print(d, e)
def f(x, acc=[]):
    acc.append(x)
    return acc
print(f(1), f(2), f(3, []), f(4))
t = ([1], 2)
t[0].append(5)
print(t)
try:
    t[0] += [6]
except TypeError as err:
    print('TypeError:', err)
print(t)
