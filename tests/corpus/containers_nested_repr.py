a = [1, 2]
a.append(a)
print(a, repr(a), str(a))
d = {'self': None}
d['self'] = d
print(d)
b = [a, d, (a,)]
print(b)
nested = {'list': [1, {'t': (2, [3, {4}])}], 'empty': [[], {}, (), set()], 'f': 1.5, 's': "q'", 'n': None}
print(nested)
print([[[[[[1]]]]]], ((((),),),), [{}, {'a': {}}])
class R:
    def __repr__(self):
        return f'R<{len(objs)}>'
objs = [R(), R()]
print(objs, {1: R()}, (R(),), str(R()))
