# Attribute sites whose class changes version at every call (a class
# attribute assigned in a method, an id counter bumped in __init__): the
# values read through them stay right while the class keeps changing, and
# after it settles, and when the class attribute is replaced by a method, a
# property or an instance attribute mid-run.
class Counter:
    count = 0
    step = 1

    def bump(self):
        Counter.count += self.step
        return self.count


class Task:
    _next_id = 0

    def __init__(self, name):
        Task._next_id += 1
        self.id = Task._next_id
        self.name = name

    def label(self):
        return "%s#%d" % (self.name, self.id)


def run(n):
    c = Counter()
    total = 0
    for i in range(n):
        total += c.bump()
        if i == n // 2:
            Counter.step = 2
        if i == 3 * n // 4:
            c.step = 3
    return total, Counter.count


print(run(1000))
tasks = [Task("t%d" % (i % 7)) for i in range(500)]
print(tasks[0].label(), tasks[-1].label(), Task._next_id)
print(sum(len(t.label()) for t in tasks))


def reads(objs, rounds):
    out = []
    for r in range(rounds):
        for o in objs:
            out.append(o.label())
        if r == rounds // 2:
            Task.label = lambda self: "L" + self.name
        if r == rounds - 3:
            Task.label = property(lambda self: (lambda: "P" + self.name))
    return out


res = reads(tasks[:5], 300)
print(res[:5], res[-5:], len(set(res)))
for i in range(200):
    Counter.count = i
    if Counter().count != i:
        print("wrong", i)
Counter.count = "done"
print(Counter().count)
