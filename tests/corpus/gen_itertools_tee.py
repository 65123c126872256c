import itertools
def source():
    for i in range(5):
        print('  produce', i)
        yield i
a, b = itertools.tee(source())
print(next(a), next(a))
print(next(b))
print(list(a), list(b))
evens, odds = itertools.tee(range(10))
print(list(filter(lambda x: x % 2 == 0, evens)), list(filter(lambda x: x % 2, odds)))
def pairwise(it):
    x, y = itertools.tee(it)
    next(y, None)
    return zip(x, y)
print(list(pairwise('abcd')))
c = itertools.count(5)
print(next(c), next(c), repr(c))
cy = itertools.cycle([1, 2])
print([next(cy) for _ in range(5)])
grouped = itertools.groupby(sorted(['apple', 'avocado', 'bean', 'beet', 'corn'], key=lambda w: w[0]), key=lambda w: w[0])
print({k: list(v) for k, v in grouped})
print(list(itertools.accumulate(range(1, 6), lambda acc, x: acc * x)), list(itertools.chain(*[[1], [2, 3]])))
