# A module-level loop assigns globals that a generator expression and a
# function read on every iteration: the compiled readers must see each new
# value (of any type), a deleted global, and one that comes back.
perms = [[(i * 7 + k * 3) % 8 for i in range(8)] for k in range(3000)]
cols = range(8)
count = 0
for vec in perms:
    if len(set(vec[i] + i for i in cols)) == len(set(vec[i] - i for i in cols)):
        count += 1
print(count)


def scaled(x):
    return x * factor + offset


offset = 0
total = 0
for step in range(4000):
    factor = step % 7 if step % 500 else 1.5
    if step == 2000:
        offset = "!"
        try:
            scaled(1)
        except TypeError as e:
            print("TypeError:", e)
        offset = 0
    total += scaled(step)
print(total)

seen = []
for k in range(3000):
    label = ("a", "b", ["c"], None, 4.5)[k % 5]
    seen.append(sum(1 for _ in [label]) + (len(label) if isinstance(label, (str, list)) else 0))
    if k == 1500:
        del label
        try:
            print(sum(1 for _ in [label]))
        except NameError as e:
            print("NameError:", e)
print(sum(seen), len(seen))
