# A Python class's binary operator meets builtin sequences and subclasses of
# builtins: NotImplemented falls back to sequence repetition/concatenation
# (and their error messages) exactly as CPython does, in loops the JIT compiles.
class V:
    def __init__(self, n):
        self.n = n
    def __mul__(self, o):
        if isinstance(o, int):
            return V(self.n * o)
        return NotImplemented
    __rmul__ = __mul__
    def __add__(self, o):
        if isinstance(o, V):
            return V(self.n + o.n)
        return NotImplemented
    def __index__(self):
        return self.n
    def __repr__(self):
        return f"V({self.n})"

class W:
    def __add__(self, o):
        return NotImplemented
    def __mul__(self, o):
        return NotImplemented

class L(list):
    def __add__(self, o):
        if isinstance(o, V):
            return "L+V"
        return NotImplemented

class S(str):
    def __rmul__(self, o):
        return "S.__rmul__"

def attempt(f):
    try:
        return f()
    except TypeError as e:
        return f"TypeError: {e}"

w = W()
for i in range(60):
    v = V(i % 3)
    out = [
        v * 2, 2 * v, v + V(1),
        attempt(lambda: v * "ab"), attempt(lambda: "ab" * v),
        attempt(lambda: v * [0]), attempt(lambda: (1,) * v),
        attempt(lambda: w * "x"), attempt(lambda: w + "x"), attempt(lambda: w + [1]),
        attempt(lambda: w * 3), attempt(lambda: w * 2.5),
        attempt(lambda: L([1]) + v), attempt(lambda: L([1]) + [2]),
        attempt(lambda: v * S("q")), attempt(lambda: w * S("q")),
    ]
    if i % 20 == 0:
        print(i, out)
