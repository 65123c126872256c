import copy
orig = {'a': [1, 2, {'deep': [3]}], 'b': (4, [5])}
shallow = copy.copy(orig)
deep = copy.deepcopy(orig)
orig['a'][2]['deep'].append('X')
orig['b'][1].append('Y')
orig['c'] = 'new'
print(orig)
print(shallow)
print(deep)
cyc = [1]
cyc.append(cyc)
dc = copy.deepcopy(cyc)
print(dc[1] is dc, dc is cyc)
class Node:
    def __init__(self, v, children=()):
        self.v, self.children = v, list(children)
    def __repr__(self):
        return f'Node({self.v}, {self.children})'
    def __copy__(self):
        print('custom copy')
        return Node(self.v, self.children)
t = Node(1, [Node(2), Node(3)])
t2 = copy.copy(t)
t3 = copy.deepcopy(t)
t.children[0].v = 99
print(t2, t3, t2.children is t.children)
print(copy.copy((1, 2)) is not None, copy.deepcopy(5))
