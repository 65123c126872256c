# popitem() after each insert of a new key: the deleted slots must not fill
# the hash table (a lookup of a missing key probes until it meets a free slot).

d = {}
for i in range(2000):
    d[i * 7919] = i
    d.popitem()
print(len(d), 12345 in d, d.get(-1, "missing"))

d = {"a": 1, "b": 2}
for i in range(3000):
    d[str(i)] = i
    d.popitem()
print(sorted(d), "zz" in d, d)

# Holes in the middle (del) and at the end (popitem) mixed.
d = {k: k for k in range(50)}
for i in range(5000):
    d[1000 + i] = i
    if i % 3 == 0:
        del d[1000 + i]
    else:
        d.popitem()
    if i % 97 == 0:
        del d[min(d)]
        d[min(d) - 1] = 0
print(len(d), sum(d), 999999 in d, list(d)[:5])

# Emptied by popitem, then filled again.
d = {k: str(k) for k in range(300)}
while d:
    d.popitem()
print(d, 5 in d)
for k in range(300):
    d[k] = k
print(len(d), sum(d.values()), list(d)[-3:])

# A copy of a dict that had popitem churn behaves the same.
d = {}
for i in range(100):
    d[i] = i
    d.popitem()
d["x"] = 1
e = d.copy()
e["y"] = 2
for i in range(100):
    e[-i - 1] = i
    e.popitem()
print(d, e, "z" in e)

# A class's __dict__ and keyword dicts go through the same table.
class C:
    pass

c = C()
for i in range(1000):
    setattr(c, "a%d" % i, i)
    c.__dict__.popitem()
print(vars(c), hasattr(c, "nope"))
