# min/max/any/all over generators run them in push mode (values taken natively
# without suspending the generator); results, errors and where the
# generator stops must be CPython's.
import math
def g(xs):
    for x in xs:
        yield x
print(max(g([3, 1, 4, 1, 5, 9, 2, 6])), min(g([3, 1, 4, 1, 5, 9, 2, 6])))
print(max(g([1.5, float('nan'), 2.5])), max(g([float('nan'), 1.0, 2.0])), min(g([2.0, -0.0, 0.0])), max(g([0.0, -0.0])))
print(max(g([1, 2.5, 2])), max(g([2**70, 3, 2**71])), min(g(["b", "a", "c"])), max(g([True, 1, False])))
print(max(g([]), default="d"), min(g([]), default=None))
try: max(g([]))
except ValueError as e: print("VE", e)
try: max(g([1, "a"]))
except TypeError as e: print("TE", e)
print(max(g([1, 3, 2]), key=None), max(g(["aa", "b"]), key=len))
print(max(x * x for x in range(-10, 5)), min(x / 3 for x in range(1, 100)))
class V:
    def __init__(s, v): s.v = v
    def __gt__(s, o): print("gt", s.v, getattr(o, "v", o)); return s.v > getattr(o, "v", o)
    def __lt__(s, o): return s.v < getattr(o, "v", o)
    def __repr__(s): return "V(%r)" % s.v
print(max(g([1, V(5), 3, V(2), 7])))
print(any(g([0, 0.0, None, False, 3, 1/0 if False else 0])), all(g([1, 2.0, True, "x"])), any(g([])), all(g([])))
def noisy():
    for i in range(10):
        print("yield", i)
        yield i
n = noisy(); print(any(x > 2 for x in n), next(n))
n = noisy(); print(all(n), next(n))
print(any(g(["", [], 0, [0]])), all(g([1, [], 2])))
big = (i for i in range(3000000))
print(max(big), min(i % 1000 for i in range(200000)))
print(all(i < 10**9 for i in range(300000)), any(i < 0 for i in range(300000)))
try:
    any(1/x for x in [1, 0])
except ZeroDivisionError as e: print("ZDE", e)
