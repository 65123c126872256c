students = [('Ann', 'B', 88), ('bob', 'A', 95), ('Cy', 'B', 72), ('dee', 'A', 95), ('Ed', 'C', 60)]
print(sorted(students, key=lambda s: s[2], reverse=True))
print(sorted(students, key=lambda s: (-s[2], s[0].lower())))
print(sorted(students, key=lambda s: s[0]))
print(sorted(students, key=lambda s: s[0].lower()))
print(sorted(students, key=lambda s: (s[1], -s[2])))
print([s[0] for s in sorted(students, key=len)])
nums = [5, -3, 2, -8, 0, 7, -1]
print(sorted(nums, key=abs), sorted(nums, key=lambda n: (n < 0, n)), sorted(nums, key=str))
print(sorted(['a10', 'a2', 'a1', 'b', 'a'], key=lambda s: (s[0], int(s[1:] or 0))))
mixed = [3, 1.5, True, 2]
print(sorted(mixed), sorted(mixed, key=lambda v: -v))
try:
    sorted([1, None, 2])
except TypeError as e:
    print('TypeError:', e)
print(sorted([None, 1, None, 2], key=lambda v: (v is None, v or 0)))
import locale
print(sorted(['b', 'A', 'c', 'B'], key=str.casefold), sorted('Banana', key=lambda c: (c.lower(), c.islower())))
class Item:
    def __init__(self, n):
        self.n = n
    def __repr__(self):
        return f'I{self.n}'
items = [Item(3), Item(1), Item(2)]
items.sort(key=lambda it: it.n)
print(items, max(items, key=lambda it: it.n), min(items, key=lambda it: -it.n))
try:
    sorted(items)
except TypeError as e:
    print('TypeError:', e)
