a = list(range(10))
a[2:5] = ['a', 'b']
print(a)
a[2:2] = [100, 200, 300]
print(a)
a[-2:] = []
print(a)
a[:0] = 'xy'
print(a)
a[::2] = range(len(a[::2]))
print(a)
a[::-3] = [None] * len(a[::-3])
print(a)
del a[1::2]
print(a)
b = [1, 2, 3, 4, 5]
b[1:4] = b
print(b)
c = [0] * 6
c[5:1:-2] = [7, 8]
print(c)
d = [1, 2, 3]
d[10:20] = [4, 5]
d[-10:1] = [0]
print(d)
for stmt in ["x = [1, 2, 3]; x[::2] = [1]", "x = [1, 2, 3]; x[::-1] = [1, 2]", "x = [1, 2]; x[0:1] = 5",
             "x = [1]; x[::0] = []", "x = [1, 2, 3]; del x[::0]"]:
    try:
        exec(stmt)
        print('ok')
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
e = list(range(8))
e[1:7:2] = 'abc'
del e[::4]
print(e)
