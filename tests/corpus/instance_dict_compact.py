# Instance __dict__ behaviour on the compact dict table: attributes added,
# deleted and re-added, many attributes, vars() and __dict__ replacement.

class P:
    def __init__(self, a, b):
        self.a = a
        self.b = b


ps = [P(i, -i) for i in range(1000)]
print(sum(p.a + p.b for p in ps), vars(ps[3]))

p = P(1, 2)
p.c = 3
p.d = 4
p.e = 5
p.f = 6           # past the first small table
print(p.__dict__, list(vars(p)))
del p.b
del p.d
p.b = 'again'
print(p.__dict__, hasattr(p, 'd'))

for i in range(100):
    setattr(p, 'attr%d' % i, i)
for i in range(0, 100, 2):
    delattr(p, 'attr%d' % i)
print(len(p.__dict__), list(p.__dict__)[:6], p.attr99)

q = P(0, 0)
q.__dict__ = {'z': 1, 'a': 'from dict'}
print(q.a, q.z, q.__dict__)
q.__dict__['b'] = 'direct'
print(q.b, vars(q))

class E:
    pass

es = [E() for _ in range(100)]
for i, e in enumerate(es):
    if i % 2:
        e.x = i
print(sum(getattr(e, 'x', 0) for e in es), es[1].__dict__, es[0].__dict__)

# attributes in different orders give equal dicts, different iteration
r = E(); r.x = 1; r.y = 2
s = E(); s.y = 2; s.x = 1
print(r.__dict__ == s.__dict__, list(r.__dict__), list(s.__dict__))
