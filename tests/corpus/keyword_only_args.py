def f(a, b, *, c, d=4):
    return a, b, c, d
print(f(1, 2, c=3), f(1, b=2, c=3, d=5), f(c=1, b=2, a=3))
def g(*, only):
    return only
calls = [
    lambda: f(1, 2, 3), lambda: f(1, 2), lambda: f(1, c=3), lambda: f(1, 2, c=3, e=5), lambda: f(1, 2, c=3, a=9),
    lambda: g(), lambda: g(1), lambda: g(only=1, other=2), lambda: f(), lambda: f(1, 2, 3, 4, c=5),
    lambda: (lambda x, y=1: x)(), lambda: (lambda: 0)(1), lambda: len(), lambda: len([], []), lambda: int(x=1),
    lambda: sorted([], None), lambda: dict.get(), lambda: print(sepp=''),
]
for c in calls:
    try:
        print(c())
    except TypeError as e:
        print('TypeError:', e)
class K:
    def m(self, x, *, y):
        return x + y
    @classmethod
    def cm(cls, a):
        return a
    @staticmethod
    def sm(a, b):
        return a
for c in [lambda: K().m(1), lambda: K().m(1, 2), lambda: K.m(1, y=2), lambda: K.cm(), lambda: K().sm(1), lambda: K(1)]:
    try:
        print(c())
    except TypeError as e:
        print('TypeError:', e)
