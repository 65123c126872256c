class Bag:
    def __init__(self, items):
        self.items = list(items)
    def __repr__(self):
        return f'Bag({self.items})'
    def __add__(self, o):
        print('__add__')
        return Bag(self.items + o.items)
    def __iadd__(self, o):
        print('__iadd__')
        self.items.extend(o.items)
        return self
class AddOnly:
    def __init__(self, v):
        self.v = v
    def __add__(self, o):
        print('AddOnly.__add__')
        return AddOnly(self.v + o)
    def __repr__(self):
        return f'AddOnly({self.v})'
b = Bag([1])
alias = b
b += Bag([2])
print(b, alias, b is alias)
b = b + Bag([3])
print(b, alias, b is alias)
a = AddOnly(1)
orig = a
a += 5
print(a, orig, a is orig)
class Weird:
    def __iadd__(self, o):
        return 'replaced by string'
w = Weird()
w += 1
print(w)
class NoReturn:
    def __imul__(self, o):
        self.mul = o
n = NoReturn()
n *= 3
print(n)
lst = [1, 2]
lst += (3, 4)
lst += 'ab'
print(lst)
try:
    lst = lst + (5,)
except TypeError as e:
    print('TypeError:', e)
s = {1}
s |= {2}
s &= {2, 3}
print(s)
