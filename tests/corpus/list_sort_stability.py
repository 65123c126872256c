records = [('alice', 30, 'NY'), ('bob', 25, 'LA'), ('carol', 30, 'LA'), ('dave', 25, 'NY'), ('eve', 35, 'SF'), ('frank', 30, 'NY')]
print(sorted(records, key=lambda r: r[1]))
print(sorted(records, key=lambda r: r[2]))
by_city_then_age = sorted(sorted(records, key=lambda r: r[1]), key=lambda r: r[2])
print(by_city_then_age)
print(sorted(records, key=lambda r: (-r[1], r[0])))
print(sorted(records, key=lambda r: r[1], reverse=True))
from operator import itemgetter, attrgetter
print([r[0] for r in sorted(records, key=itemgetter(2, 1))])
class P:
    def __init__(self, n, a):
        self.name, self.age = n, a
    def __repr__(self):
        return f'P({self.name},{self.age})'
people = [P(r[0], r[1]) for r in records]
print(sorted(people, key=attrgetter('age', 'name')))
xs = [3, 1, 2]
print(xs.sort(), xs, sorted('bca'), sorted((3, 1)), sorted({3: 'a', 1: 'b'}), sorted([], reverse=True))
words = ['bb', 'a', 'ccc', 'dd', 'e', 'fff']
words.sort(key=len)
print(words)
words.sort(key=len, reverse=True)
print(words)
print(sorted([[2, 'b'], [1, 'c'], [2, 'a']]), sorted([(1, 2), (1,), ()]), sorted([True, False, 0, 1]))
