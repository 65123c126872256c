from collections import OrderedDict, ChainMap, UserDict, UserList
od = OrderedDict()
od['b'] = 2
od['a'] = 1
od['c'] = 3
print(od, list(od.items()), od.popitem(), od.popitem(last=False), od)
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == dict(b=2, a=1))
defaults = {'color': 'red', 'user': 'guest'}
env = {'user': 'admin'}
cm = ChainMap(env, defaults)
print(cm['user'], cm['color'], len(cm), sorted(cm), cm.maps)
child = cm.new_child({'color': 'blue'})
child['x'] = 1
print(child['color'], dict(child) == {'color': 'blue', 'user': 'admin', 'x': 1}, child.parents['color'], child.maps[0])
class Upper(UserDict):
    def __setitem__(self, key, value):
        super().__setitem__(key.upper(), value)
u = Upper({'a': 1})
u['b'] = 2
print(u, u.data, 'A' in u)
class Stack(UserList):
    def push(self, x):
        self.append(x)
s = Stack([1])
s.push(2)
print(s, s.data, s + [3], type(s + [3]).__name__)
