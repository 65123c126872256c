# Dicts that hold only atoms are left untracked by the collector, as in
# CPython (gc.is_tracked), and tracked again as soon as a store puts in
# something that can be part of a cycle. Cycles through such dicts are
# collected.
import gc
import json
import weakref


class C:
    pass


class D(dict):
    pass


def show(label, d):
    print(label, gc.is_tracked(d))


show("empty", {})
show("ints", {'a': 1, 'b': 2})
show("list value", {'a': []})
show("mixed atoms", {1: 'x', 2.5: None, 'b': b'y', True: 3 + 0j})
show("tuple key", {(1, 2): 3})
show("dict value", {'a': {}})
show("class value", {'a': int})
show("function value", {'f': show})
show("subclass", D(a=1))
show("dict()", dict(a=1, b='s'))
show("dict(pairs)", dict([('a', 1), ('b', 2)]))
show("comprehension atoms", {i: i * 2 for i in range(10)})
show("comprehension lists", {i: [i] for i in range(10)})
show("json", json.loads('{"a": 1, "b": "x", "c": null}'))
show("json nested", json.loads('{"a": [1, 2]}'))
show("fromkeys atoms", dict.fromkeys('abc', 0))
show("fromkeys list", dict.fromkeys('abc', []))
show("copy atoms", {'x': 1}.copy())
show("copy list", {'x': []}.copy())
show("or", {'a': 1} | {'b': []})
show("or atoms", {'a': 1} | {'b': 2})
show("kwargs", (lambda **kw: kw)(a=1, b=2))

print("-- stores")
d = {'a': 1}
d['b'] = 2
show("store int", d)
d['c'] = [1]
show("store list", d)
d = {'a': 1}
d.setdefault('c', {})
show("setdefault dict", d)
d = {'a': 1}
d.update(x=C())
show("update instance", d)
d = {'a': 1}
d.update({'y': (1, [2])})
show("update tuple", d)
d = {'a': 1}
d[(1, 2)] = 3
show("tuple key store", d)
d = {'a': 1}
d |= {'z': set()}
show("ior set", d)
d = {'a': 1}
d['a'] = [0]
show("replace with list", d)

print("-- full collections untrack")
d = {'a': []}
del d['a']
show("emptied before collect", d)
gc.collect()
show("emptied after collect", d)
d = {'a': [1]}
d['a'] = 1
gc.collect()
show("atoms after collect", d)
d['b'] = C()
show("instance after collect", d)
s = D(a=1)
gc.collect()
show("subclass after collect", s)

print("-- cycles through such dicts are collected")
for n in range(3):
    d = {'a': 1}
    lst = [d]
    d['l'] = lst
    del d, lst
print(gc.collect() >= 2)


class W:
    pass


w = W()
d = {'a': 1}
d['w'] = w
w.d = d
r = weakref.ref(w)
del w, d
gc.collect()
print("cycle via instance freed", r() is None)

w = W()
e = {'k': 1}
w.__dict__ = e
w.self = w
r = weakref.ref(w)
del w, e
gc.collect()
print("instance __dict__ cycle freed", r() is None)

# Dicts made part of a cycle after starting untracked, many times.
refs = []
for i in range(1000):
    w = W()
    d = {'i': i}
    if i % 100 == 0:
        d['w'] = w
        w.d = d
    refs.append(weakref.ref(w))
del w, d
gc.collect()
print("alive after collect", sum(r() is not None for r in refs))
