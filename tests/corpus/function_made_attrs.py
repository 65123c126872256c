# The attributes of functions, lambdas, closures and generator expressions
# made by MAKE_FUNCTION, at module level, in functions and in hot loops:
# names, qualified names, defaults, keyword defaults, closures, annotations,
# module, doc, the lazily made __dict__ (vars, setattr, dir), and functions
# whose globals have no __builtins__ (they take the making frame's).
import types


def describe(f):
    closure = f.__closure__
    cells = None if closure is None else tuple(type(c).__name__ for c in closure)
    return (
        f.__name__,
        f.__qualname__,
        f.__defaults__,
        f.__kwdefaults__,
        cells,
        f.__annotations__,
        f.__module__,
        f.__doc__,
        f.__dict__,
        f.__code__.co_name,
        f.__qualname__ is f.__code__.co_qualname,
    )


def plain(a, b=1, *, c=2):
    "plain's doc"
    return a + b + c


lam = lambda x, y=3: x * y


def outer(k):
    def inner(x: int, *, scale: float = 1.5) -> float:
        "inner's doc"
        return (x + k) * scale

    gen = (i * k for i in range(3))
    return inner, gen, lambda: k


for f in (plain, lam) + outer(5)[0:1] + outer(5)[2:3]:
    print(describe(f))

# A generator expression's function is not reachable; its generator names it.
inner, gen, lam2 = outer(7)
print(gen.__name__, gen.__qualname__, list(gen), gen.gi_code.co_name)

# __dict__ is made when first used, and behaves as an ordinary dict.
g = outer(1)[0]
print(vars(g), "tag" in dir(g), hasattr(g, "tag"))
g.tag = "x"
print(vars(g), "tag" in dir(g), g.tag, g.__dict__ is g.__dict__)
del g.tag
print(vars(g), hasattr(g, "tag"))
h = outer(2)[2]
h.__dict__["k"] = 1
print(h.k, h.__dict__)
try:
    del h.missing
except AttributeError as e:
    print("AttributeError", e)
h2 = outer(3)[2]
h2.__dict__ = {"z": 9}
print(h2.z, vars(h2))
h2.__name__ = "renamed"
h2.__qualname__ = "Q.renamed"
h2.__defaults__ = (1,)
h2.__kwdefaults__ = {"a": 2}
print(describe(h2))


# Made many times in a loop (compiled when the JIT is on).
def hot(n):
    seen = []
    total = 0
    for i in range(n):
        f = lambda x, d=i: x + d
        def g(*, kw=i * 2):
            "g's doc"
            return kw

        s = set(j + i for j in range(3))
        total += f(1) + g() + len(s)
        if i % 97 == 0:
            seen.append((describe(f)[:5], describe(g)[:5], sorted(s)))
        if i == n - 1:
            f.mark = i
            print(vars(f), vars(g))
    return total, seen[:3]


print(hot(400))

# Globals without __builtins__: the made function takes the making frame's.
src = """
def made():
    return len("abc"), __name__
result = made()
"""
ns = {"__name__": "fresh"}
exec(src, ns)
print(ns["result"], ns["made"].__module__, "__builtins__" in ns)
fn = types.FunctionType(plain.__code__, {"__name__": "other"})
print(fn(1, 2, c=3), fn.__module__, fn.__name__, fn.__qualname__, fn.__defaults__)
fn2 = types.FunctionType(plain.__code__, {}, "alias", (4,))
print(fn2(1, c=0), fn2.__name__, fn2.__qualname__, fn2.__module__)


def maker():
    def uses_builtin(s):
        return len(s), abs(-3)
    return uses_builtin


bare = {}
made_in_bare = types.FunctionType(maker.__code__, bare)()
print(made_in_bare("four"), "__builtins__" in bare, made_in_bare.__module__, made_in_bare.__qualname__)
