from dataclasses import dataclass, field, asdict, astuple, replace, fields, FrozenInstanceError
@dataclass
class Item:
    name: str
    price: float
    qty: int = 1
    tags: list = field(default_factory=list)
    def total(self):
        return self.price * self.qty
a = Item('pen', 1.5, 4)
b = Item('pen', 1.5, 4)
c = Item('book', 12.0, tags=['paper'])
print(a, c, a == b, a is b, a.total(), c.total())
print(asdict(c), astuple(a), replace(a, qty=10), [f.name for f in fields(Item)])
@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0
vs = [Version(1, 2), Version(1, 0, 5), Version(0, 9), Version(1, 2, 1)]
print(sorted(vs), max(vs), Version(1) < Version(1, 0, 1), hash(Version(1, 2)) == hash(Version(1, 2)))
try:
    vs[0].major = 5
except FrozenInstanceError as e:
    print('FrozenInstanceError:', e)
try:
    Item('x')
except TypeError as e:
    print('TypeError:', e)
try:
    @dataclass
    class Bad:
        x: list = []
except ValueError as e:
    print('ValueError:', e)
@dataclass(repr=False, eq=False)
class Plain:
    v: int
print(Plain(1) == Plain(1), hasattr(Plain, '__repr__'), Item.__dataclass_fields__['qty'].default)
@dataclass
class Node:
    value: int
    children: list['Node'] = field(default_factory=list)
    parent: 'Node | None' = field(default=None, repr=False, compare=False)
root = Node(1, [Node(2), Node(3, [Node(4)])])
print(root)
print(Item.__init__.__doc__, Item.__match_args__)
