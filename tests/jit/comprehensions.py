# Inlined comprehensions (PEP 709) inside a function: list, set and dict
# comprehensions, nested ones, and a for loop over a list, all compiled.
def f(n):
    a = [i * 2 for i in range(n)]
    b = {i % 7 for i in range(n)}
    c = {i: i * i for i in range(n) if i % 3}
    d = [[j for j in range(i % 4)] for i in range(n)]
    e = [x + 0.5 for x in a]
    t = 0
    for x in a:
        t += x
    return len(a), sum(a), sorted(b), len(c), sum(c.values()), sum(len(x) for x in d), sum(e), t


def unhashable_key(i):
    return {k: 1 for k in [1, 2, [3] if i == 150 else 3]}


print(f(20000))
print(f(5))
out = []
for i in range(200):
    try:
        out.append(unhashable_key(i))
    except TypeError as ex:
        out.append(str(ex))
print(out[149], out[150], out[151])
