class Ordered:
    zebra = 1
    apple = 2
    def mango(self):
        pass
    banana = 3
    @property
    def cherry(self):
        return 0
print([k for k in Ordered.__dict__ if not k.startswith('__')])
o = Ordered()
o.z = 1
o.a = 2
o.m = 3
print(list(vars(o)))
del o.a
o.a = 4
print(list(vars(o)), o.__dict__)
print([k for k in type('T', (), {'b': 1, 'a': 2}).__dict__ if not k.startswith('__')])
import enum
class E(enum.Enum):
    Z = 1
    A = 2
    M = 3
print([m.name for m in E])
