class Countdown:
    def __init__(self, start):
        self.current = start
    def __iter__(self):
        return self
    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1
print(list(Countdown(5)), sum(Countdown(4)), max(Countdown(3)), 2 in Countdown(3), sorted(Countdown(3)))
c = Countdown(2)
print(next(c), next(c), next(c, 'exhausted'), list(c))
class Range2:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        i = 0
        while i < self.n:
            yield i
            i += 1
r = Range2(3)
print(list(r), list(r), [x * y for x in r for y in r], dict(zip(r, 'abc')))
class OldStyle:
    def __getitem__(self, i):
        if i > 3:
            raise IndexError
        return i * i
print(list(OldStyle()), 9 in OldStyle(), iter(OldStyle()).__class__.__name__)
import random
values = iter([3, 1, 4, 1, 5, 0, 9])
print(list(iter(lambda: next(values), 0)))
with open(__file__) as f:
    first_lines = list(iter(f.readline, ''))[:2]
print(first_lines)
try:
    iter(5)
except TypeError as e:
    print('TypeError:', e)
try:
    next([1, 2])
except TypeError as e:
    print('TypeError:', e)
class BadIter:
    def __iter__(self):
        return 5
try:
    iter(BadIter())
except TypeError as e:
    print('TypeError:', e)
it = iter([1, 2, 3])
for x in it:
    print('got', x, 'next would be', next(it, None))
