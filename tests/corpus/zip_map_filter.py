print(list(zip('abc', range(10))), list(zip()), list(zip([1, 2])), dict(zip(['k1', 'k2'], [1, 2])))
print(list(map(len, ['a', 'bb', 'ccc'])), list(map(lambda a, b: a * b, [1, 2, 3], [4, 5])), list(map(str.upper, 'xy')))
print(list(filter(None, [0, 1, '', 'a', None, [], [0]])), list(filter(lambda v: v % 2, range(8))))
try:
    list(zip('ab', 'abc', strict=True))
except ValueError as e:
    print('ValueError:', e)
try:
    list(zip('abc', 'ab', strict=True))
except ValueError as e:
    print('ValueError:', e)
try:
    list(zip('ab', 'ab', 'a', strict=True))
except ValueError as e:
    print('ValueError:', e)
pairs = [(1, 'one'), (2, 'two'), (3, 'three')]
nums, names = zip(*pairs)
print(nums, names)
m = map(int, ['1', 'x', '3'])
print(next(m))
try:
    next(m)
except ValueError as e:
    print('ValueError:', e)
print(next(m), list(m))
z = zip([1, 2, 3], 'ab')
print(list(z), list(z))
print(sum(map(int, '12345')), max(map(abs, [-7, 3])), sorted(filter(str.isalpha, 'a1b2c3'), reverse=True))
