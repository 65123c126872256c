# Loop shapes of ordinary code that the JIT records (residual calls and guards)
# instead of aborting: in/not in, keyword and *args/**kwargs calls, del x[k], ~x,
# f-strings, with blocks, str methods, isinstance, tuple returns, list methods,
# global stores; and module-level loops (LOAD_NAME/STORE_NAME).
import math
class C:
    def __init__(self): self.v = 1
    def m(self, a, b=2): return a + b
    def __enter__(self): return self
    def __exit__(self, *a): return False

def f_in(n):
    s = {1, 2, 3}; d = {"a": 1}; t = 0
    for i in range(n):
        if i % 5 in s: t += 1
        if "a" in d: t += 1
        if i not in s: t += 1
    return t
def f_kw(n):
    c = C(); t = 0
    for i in range(n):
        t += c.m(i, b=3)
    return t
def f_star(n):
    t = 0; args = (1, 2); kw = {"b": 4}
    for i in range(n):
        t += max(*args) + C().m(i, **kw)
    return t
def f_del(n):
    d = {}
    for i in range(n):
        d[i] = i
        if i > 3: del d[i - 3]
    return len(d)
def f_invert(n):
    t = 0
    for i in range(n): t += ~i & 7
    return t
def f_fstr(n):
    t = 0
    for i in range(n): t += len(f"x{i}y{i*2:>5}")
    return t
def f_with(n):
    c = C(); t = 0
    for i in range(n):
        with c: t += i
    return t
def f_nested(n):
    t = 0
    for i in range(n):
        for j in range(5): t += i * j
    return t
def f_dict_iter(n):
    d = {i: i * 2 for i in range(50)}; t = 0
    for _ in range(n // 50):
        for k, v in d.items(): t += k + v
    return t
def f_str(n):
    t = 0; words = ["alpha", "beta", "gamma"]
    for i in range(n):
        w = words[i % 3]
        t += len(w.upper()) + w.count("a") + (1 if w.startswith("a") else 0)
    return t
def f_enum_zip(n):
    a = list(range(100)); b = list(range(100, 200)); t = 0
    for _ in range(n // 100):
        for i, (x, y) in enumerate(zip(a, b)): t += i + x + y
    return t
def f_try(n):
    t = 0
    for i in range(n):
        try:
            t += 10 // (i % 7)
        except ZeroDivisionError:
            t -= 1
    return t
def f_comp(n):
    t = 0
    for i in range(n // 10):
        t += sum([x * x for x in range(10)])
    return t
def f_isinst(n):
    t = 0; vals = [1, 2.0, "s", None]
    for i in range(n):
        if isinstance(vals[i % 4], int): t += 1
    return t
def f_tuple_ret(n):
    def dm(a): return divmod(a, 7)
    t = 0
    for i in range(n):
        q, r = dm(i); t += q + r
    return t
def f_listops(n):
    t = 0
    for i in range(n):
        l = [i, i + 1]; l.append(3); t += l[-1] + len(l)
        l.sort(); t += l[0]
    return t
def f_global_counter(n):
    global G
    for i in range(n): G += 1
G = 0
for f in [f_in, f_kw, f_star, f_del, f_invert, f_fstr, f_with, f_str, f_isinst, f_tuple_ret, f_listops, f_global_counter]:
    print(f.__name__, f(20000))
print(G)
total = 0
for i in range(20000):
    total += i * 2 % 7
x = 0.0
k = 0
while k < 20000:
    x += k * 0.5
    k += 1
print(total, x, k, i)
