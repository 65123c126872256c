# Cycles through classes that the interpreter's inline caches and the JIT's
# compiled loops have seen are still collected: caches must not keep the
# class (and through its functions, a whole namespace) alive.
import gc
import types

log = []


def run_module(body):
    m = types.ModuleType("m")
    m.log = log
    exec(body, m.__dict__)
    return m


BODIES = {
    "init": """
class A:
    def __init__(self, v):
        self.v = v
    def __del__(self):
        log.append("init")
a = A(1)
b = A(2)
""",
    "method": """
class A:
    def m(self):
        return 1
    def __del__(self):
        log.append("method")
a = A()
a.m(); a.m(); a.m()
""",
    "class attribute in a loop": """
class A:
    k = 5
    def __del__(self):
        log.append("class attribute in a loop")
a = A()
t = 0
for i in range(50):
    t += a.k
""",
    "method in a loop": """
class A:
    def __init__(self):
        self.n = 0
    def bump(self, i):
        self.n += i
    def __del__(self):
        log.append("method in a loop")
a = A()
for i in range(100):
    a.bump(i)
    b = A()
""",
    "defaults": """
def f(x, keep=[]):
    return x
class A:
    def __del__(self):
        log.append("defaults")
f.__defaults__[0].append(A())
for i in range(40):
    f(i)
f(x=2)
""",
}

for name, body in BODIES.items():
    m = run_module(body)
    del m
    gc.collect()
    print(name, "->", sorted(set(log)), len(log))
    log.clear()


# A class made per call, its instances used in a loop inside a method.
class Base:
    pass


def make(i):
    class A(Base):
        def __init__(self, v):
            self.v = v
        def step(self, k):
            t = 0
            for j in range(k):
                t += self.v + j
            return t
    A.me = A
    return A(i).step(30)


total = 0
for i in range(300):
    total += make(i)
gc.collect()
print(total, len(Base.__subclasses__()))
