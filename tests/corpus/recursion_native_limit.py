# Native recursion (pickling, repr, comparison of nested objects) stops at the
# recursion limit with RecursionError, as in CPython 3.11, and quickly.
import functools, pickle, sys
def capture(*a, **k): return a, k
f = functools.partial(capture)
f.__setstate__((f, (), {}, {}))
for proto in range(pickle.HIGHEST_PROTOCOL + 1):
    try:
        pickle.dumps(f, proto)
    except RecursionError as e:
        print(proto, "RecursionError")  # CPython names the partial's call, hipy the pickling
l = []
for i in range(5000):
    l = [l]
for fn in (repr, str):
    try:
        fn(l)
        print("ok")
    except RecursionError as e:
        print("RecursionError:", e)
a = []; b = []
for i in range(5000):
    a = [a]; b = [b]
try:
    print(a == b)
except RecursionError as e:
    print("RecursionError:", e)
m = []
for i in range(100):
    m = [m]
print(len(repr(m)), m == m, pickle.loads(pickle.dumps(m)) == m)
sys.setrecursionlimit(20000)
print(len(repr(l)), a == b)
