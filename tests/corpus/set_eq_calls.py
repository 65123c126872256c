# The order in which a set compares colliding keys (its probe order) shows in
# the calls of their __eq__; deleting leaves a dummy the next add reuses.
calls = []


class K:
    def __init__(self, v, h=7):
        self.v = v
        self.h = h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        calls.append((self.v, other.v))
        return self.v == other.v

    def __repr__(self):
        return f"K{self.v}"


keys = [K(i) for i in range(12)]
s = set()
for k in keys:
    s.add(k)
print(len(calls), calls[-6:])
calls.clear()
print(K(5) in s, calls)
calls.clear()
s.discard(K(3))
print(calls)
calls.clear()
s.add(K(30))
print(calls, s)
calls.clear()
print(K(99) in s, len(calls))
calls.clear()
mixed = [K(i, h) for i, h in enumerate([-5, -1 - 2**62, 3, 11, 2**61, 19, -5, 3])]
t = set(mixed)
print(t, calls)
