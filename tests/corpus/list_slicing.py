a = list(range(10))
print(a[2:7], a[:3], a[-3:], a[::3], a[::-1], a[7:2:-1], a[-2:-8:-2], a[100:], a[-100:2], a[5:1])
print(a[slice(2, None, 4)], a[::-4], a[1:-1:2], a[None:None:None])
for step in [1, 2, 3, -1, -2, -3]:
    print(step, [a[i:j:step] for i, j in [(0, 10), (9, 0), (-1, -10), (3, 3)]])
b = a[:]
b[0] = 'x'
print(a[0], b[0], a[:] == a, a[:] is a)
m = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
print([row[1] for row in m], [row[::-1] for row in m[::-1]], [m[i][i] for i in range(3)], list(zip(*m)))
t = tuple(range(6))
print(t[1:4], t[::-2], t[-1::-3], type(t[1:2]).__name__, range(10)[2:8:2], range(10)[::-1])
