# An inlined method returning `self` in a hot loop, and a loop whose close
# converts several loop variables: both must compile (the optimizer used to
# reject them for a use after decref).
class Acc:
    def __init__(self):
        self.best = 0.0

    def take(self, x):
        self.best = self.best if self.best > x else x
        return self


def run(xs):
    a = Acc()
    for x in xs:
        a = a.take(x)
    return a.best


def flips(n):
    perm = list(range(n))
    k = perm[0]
    total = 0
    while total < 50000:
        perm[0], perm[-1] = perm[-1], perm[0]
        k = perm[0]
        total += k + 1
    return total, k


print(run([float(i % 97) for i in range(50000)]))
print(flips(9))
