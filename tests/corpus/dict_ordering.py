d = {}
for k in ['delta', 'alpha', 'charlie', 'bravo']:
    d[k] = len(k)
print(d, list(d))
del d['alpha']
d['alpha'] = 0
print(d)
d['delta'] = 99
print(d)
print({'x': 1, 'y': 2} == {'y': 2, 'x': 1}, list({'x': 1, 'y': 2}) == list({'y': 2, 'x': 1}))
big = {i: i * i for i in range(1000)}
for i in range(0, 1000, 3):
    del big[i]
print(len(big), list(big)[:5], list(big)[-3:], sum(big.values()))
for i in range(0, 30, 3):
    big[i] = -i
print(list(big.items())[-4:])
from collections import OrderedDict
od = OrderedDict.fromkeys('abcde')
od.move_to_end('b')
od.move_to_end('e', last=False)
print(list(od), od.popitem(last=False), od == OrderedDict.fromkeys('acdb'), od)
