# Sorting and searching arguments: sort kinds (checked, every valid one
# gives the sorted order), searchsorted on several dtypes, NaN, sorter and
# n-D needles, lexsort on keys of mixed dtypes and 2-D keys along an axis,
# nonzero of 0-d arrays, and NumPy's messages for bad arguments.
import numpy as np

a = np.array([3, 1, 2, 1, 5, 9, 2, 6])
for kind in [None, "quicksort", "mergesort", "heapsort", "stable", "Q", "m"]:
    print(kind, np.sort(a, kind=kind), np.argsort(a, kind=kind), a.argsort(kind=kind))
b = a.copy()
b.sort(kind="stable")
print(b)
for kind in ["", "bogus", 1]:
    for f in (lambda: np.sort(a, kind=kind), lambda: a.argsort(kind=kind), lambda: a.copy().sort(kind=kind)):
        try:
            f()
        except (ValueError, TypeError) as e:
            print(type(e).__name__, e)

s = np.array([1.0, 2.0, 2.0, 3.5, np.nan])
print(np.searchsorted(s, [2.0, 0.0, 9.0, np.nan, -np.inf]))
print(np.searchsorted(s, [2.0, np.nan], side="right"), repr(np.searchsorted(s, 2.0)))
print(np.searchsorted(np.array([1, 5, 9], dtype=np.uint8), [0, 5, 300]))
print(np.searchsorted(np.array([1, 5, 9], dtype=np.int16), np.array([[4.5, 5], [10, -1]])))
print(np.searchsorted(np.arange(10), 3.5), np.searchsorted([0.5, 1.5], np.arange(3)))
print(np.searchsorted([3, 1, 2], [2, 3], sorter=[1, 2, 0]), np.searchsorted([], [1, 2]))
big = np.sort(np.random.default_rng(3).random(10000))
print(np.searchsorted(big, [0.25, 0.5, 0.75]), np.searchsorted(big, big[::2500], side="right"))
for side in ["R", "LEFT", "middle", "", None]:
    try:
        np.searchsorted([1, 2], 1, side=side)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    np.searchsorted(np.ones((2, 2)), 1)
except ValueError as e:
    print("ValueError", e)

surname = np.array([3, 1, 3, 2, 1])
score = np.array([0.5, 0.2, 0.1, np.nan, 0.2])
print(np.lexsort((score, surname)), np.lexsort([surname, score]))
print(np.lexsort(np.array([[3, 1, 3, 1], [2, 2, 1, 1]])), np.lexsort([[1, 1, 0], [3, 2, 2]]))
k = np.array([[[1, 0], [0, 1]], [[1, 1], [0, 0]]])
print(np.lexsort(k, axis=0), np.lexsort(k))
print(repr(np.lexsort([3, 1, 2])))
for keys in [5, ([1, 2], [1, 2, 3]), []]:
    try:
        np.lexsort(keys)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)

print(np.array([0, 1, 0, 2]).nonzero(), np.nonzero(np.eye(2)), np.flatnonzero(5))
for f in (lambda: np.array(5).nonzero(), lambda: np.nonzero(np.float64(1.0))):
    try:
        f()
    except ValueError as e:
        print("ValueError", e)
