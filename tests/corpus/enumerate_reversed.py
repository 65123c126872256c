for i, ch in enumerate('abc'):
    print(i, ch, end=' | ')
print()
print(list(enumerate(['x', 'y'], start=10)), list(enumerate([], 5)), list(enumerate('ab', -1)))
e = enumerate('hey')
print(next(e), next(e), list(e))
print(list(reversed([1, 2, 3])), list(reversed((1, 2))), list(reversed('abc')), list(reversed(range(4))), list(reversed({'a': 1, 'b': 2})))
class Seq:
    def __len__(self):
        return 3
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10
print(list(reversed(Seq())), list(Seq()), 20 in Seq())
class Rev:
    def __reversed__(self):
        return iter('custom')
print(''.join(reversed(Rev())))
for bad in [lambda: reversed(5), lambda: reversed({1, 2}), lambda: enumerate(3)]:
    try:
        bad()
    except TypeError as e:
        print('TypeError:', e)
