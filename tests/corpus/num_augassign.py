class Acc:
    def __init__(self):
        self.v = 1
acc = Acc()
items = [1, 2, 3]
d = {'k': 10}
ops = 0
for i in range(1, 6):
    acc.v += i
    acc.v *= 2
    items[i % 3] += i
    items[-1] -= 1
    d['k'] //= 2
    d['k'] += i * i
    d.setdefault('n', 0)
    d['n'] ^= i
    ops += 1
print(acc.v, items, d, ops)
s = 'ab'
s += 'cd'
s *= 2
print(s)
t = (1,)
t += (2, 3)
t *= 2
print(t)
f = 1.5
f **= 2
f /= 3
f -= 0.25
print(f)
n = 2 ** 80
n >>= 75
n <<= 3
n |= 1
n &= 0b1111111
n %= 100
print(n)
lst = [1]
alias = lst
lst += [2]
lst *= 2
print(lst, alias, lst is alias)
tup = (1,)
tup_alias = tup
tup += (2,)
print(tup, tup_alias, tup is tup_alias)
m = [[0, 0], [0, 0]]
m[1][0] += 5
m[0][1] -= 2
print(m)
