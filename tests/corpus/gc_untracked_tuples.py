# A collection leaves tuples that hold only atoms untracked, as CPython's
# does; tuples holding containers stay tracked, and cycles through tuples
# are still collected.
import gc
import weakref

t = tuple([1, 'a', 2.5, None, b'x'])
u = tuple([1, []])
v = tuple(['x', t])
print("before collect", gc.is_tracked(u), gc.is_tracked(v))
gc.collect()
print("atoms", gc.is_tracked(t))
print("with a list", gc.is_tracked(u))
pairs = [tuple([str(i), i]) for i in range(1000)]
gc.collect()
print("pairs still tracked", sum(gc.is_tracked(p) for p in pairs))
mixed = [tuple([i, [i]]) if i % 3 == 0 else tuple([i, str(i)]) for i in range(300)]
gc.collect()
print("mixed still tracked", sum(gc.is_tracked(p) for p in mixed))
d = {'k': tuple([1, 2])}
gc.collect()
print("dict of an untracked tuple", gc.is_tracked(d['k']))

lst = []
cyc = (lst, 1)
lst.append(cyc)
gc.collect()
print("cycle tuple tracked", gc.is_tracked(cyc))


class Box:
    pass


b = Box()
b.t = (b, 'x')
r = weakref.ref(b)
del b, lst, cyc
gc.collect()
print("cycle through a tuple freed", r() is None)

# Deeply nested tuples still free without overflowing the stack.
n = ()
for i in range(100000):
    n = (n, i)
gc.collect()
del n
print("nested freed")
