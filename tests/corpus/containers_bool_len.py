things = [[], [0], (), (None,), {}, {0: 0}, set(), {0}, '', ' ', b'', bytearray(1), range(0), range(1), 0, 0.0, 0j, None, frozenset()]
for t in things:
    print(repr(t), bool(t), len(t) if hasattr(t, '__len__') else '-')
class Sized:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
class Truthy:
    def __bool__(self):
        return False
    def __len__(self):
        return 5
print(bool(Sized(0)), bool(Sized(3)), bool(Truthy()), len(Truthy()), bool(object()))
for bad in [Sized(-1), Sized(2 ** 70), Sized('x')]:
    try:
        print(len(bad))
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__ + ':', e)
class BadBool:
    def __bool__(self):
        return 1
try:
    bool(BadBool())
except TypeError as e:
    print('TypeError:', e)
print('yes' if [0] else 'no', 'yes' if Sized(0) else 'no', not Sized(1))
