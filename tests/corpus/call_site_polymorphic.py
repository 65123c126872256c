# One call site whose Python callee changes from call to call: methods of
# several classes with different parameter orders, defaults and keyword-only
# parameters, so that each callee binds the site's keywords differently;
# more callees than the site remembers; defaults and __code__ replaced while
# the loop runs; a callee that rejects the site's keyword.


class P:
    def m(self, a, b=1, *, k=10):
        return ("P", a, b, k)


class Q:
    def m(self, b, a=2, *, k=20):
        return ("Q", a, b, k)


class R:
    def m(self, a, k=30, b=3):
        return ("R", a, b, k)


class S(P):
    pass


class T:
    def m(self, a, b=4, k=40):
        return ("T", a, b, k)


class U:
    def m(self, a, *, k):
        return ("U", a, k)


class V:
    def m(self, a, b=5):
        return ("V", a, b)


objs = [P(), Q(), R(), S(), T(), U(), P(), Q(), T(), R()]
for round_ in range(3):
    for i, o in enumerate(objs):
        print(round_, i, o.m(i, k=i * 100))
    if round_ == 0:
        P.m.__defaults__ = (-1,)
        P.m.__kwdefaults__ = {"k": -10}
    if round_ == 1:
        def other(self, a, b=6, *, k=60):
            return ("Q2", a, b, k)
        Q.m.__code__ = other.__code__
        Q.m.__defaults__ = (7,)

# Positional calls and calls leaving keywords to defaults at the same site.
for i, o in enumerate(objs):
    try:
        print(i, o.m(i))
    except TypeError as e:
        print(i, "TypeError", e)

# A callee without the keyword: the generic path raises CPython's error,
# and the site goes on to work for the others.
for i, o in enumerate([P(), V(), Q(), V(), R()]):
    try:
        print(i, o.m(i, k=1))
    except TypeError as e:
        print(i, "TypeError", e)


# Plain functions through one name rebound in the loop.
def f1(x, y=1):
    return x + y


def f2(x, y=2):
    return x * y


def f3(x, *, y=3):
    return x - y


def f4(y, x=0):
    return (x, y)


def f5(x, y=5, z=6):
    return x + y + z


fs = [f1, f2, f3, f4, f5, f1, f5, f3]
acc = []
for j in range(20):
    g = fs[j % len(fs)]
    try:
        acc.append(g(j, y=j))
    except TypeError as e:
        acc.append(str(e))
    acc.append(g(j) if g is not f4 else g(x=j, y=-j))
print(acc)
