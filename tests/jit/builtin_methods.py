# Builtin methods called in loops (list.append, dict.get, list.pop, str.upper)
# are traced: the method is the type's descriptor, guarded by the type's
# version; an instance attribute that shadows it later must be seen.
class Bag(list):
    pass


def fill(n):
    out = []
    d = {0: 'zero'}
    words = []
    for i in range(n):
        out.append(i * 2)
        words.append(d.get(i % 3, 'x').upper())
    total = 0
    while out:
        total += out.pop()
    return total, len(words), words[:4]


def shadowed(n):
    b = Bag()
    seen = []
    for i in range(n):
        if i == n // 2:
            b.append = seen.append
        b.append(i)
    return len(b), len(seen), seen[:3]


print(fill(30000))
print(shadowed(30000))
