a = b = c = []
a.append(1)
print(a, b, c, a is c)
x, y = y, x = 1, 2
print(x, y)
data = [0, 1, 2, 3]
i = 0
i, data[i] = 2, 'set'
print(i, data)
obj = type('Obj', (), {})()
obj.p, obj.q = 'P', 'Q'
print(vars(obj))
(m, n), [o, p] = 'ab', (1, 2)
print(m, n, o, p)
d = {}
d['x'], d['y'] = d['pair'] = (10, 20)
print(d)
s = slice(1, 3)
lst = list(range(6))
lst[s], first = ['a', 'b', 'c'], lst[0]
print(lst, first)
for i, (key, *vals) in enumerate([('k1', 1, 2), ('k2',)]):
    print(i, key, vals)
[q] = [42]
(r,) = (43,)
print(q, r)
counter = {'n': 0}
def key():
    counter['n'] += 1
    return 'k'
store = {'k': 1}
store[key()] += 5
print(store, counter)
