# ndarray.astype's order=, casting= and copy= arguments: each casting rule
# against same, wider, narrower and cross-kind dtypes, NumPy's messages,
# copy=False returning the array itself, np.can_cast with the same rules.
import numpy as np

a = np.array([1, 2, 300])
f = np.array([1.5, -2.25], dtype=np.float32)
for rule in ["no", "equiv", "safe", "same_kind", "unsafe"]:
    for src, dt in [(a, "int64"), (a, "uint8"), (a, np.float64), (a, "int32"), (f, np.float64), (f, np.int16),
                    (f, np.float16), (np.array([True, False]), np.int8), (np.array([7], dtype=np.uint16), np.int32)]:
        try:
            print(rule, repr(src.astype(dt, casting=rule)))
        except TypeError as e:
            print(rule, "TypeError", e)
for rule in ["x", None]:
    try:
        a.astype(np.int8, casting=rule)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(a.astype(a.dtype, copy=False) is a, a.astype(a.dtype) is a, a.astype(np.int32, copy=False).dtype)
print(repr(a.astype(np.float32, order="C")), repr(f.astype(np.float64, "K", "safe")), repr(f.astype("f8", subok=True)))
try:
    a.astype(float, order="X")
except ValueError as e:
    print("ValueError", e)
print(np.can_cast(np.int64, np.uint8, "unsafe"), np.can_cast(np.int16, np.float32), np.can_cast(np.float32, np.int8, "same_kind"))
try:
    np.can_cast(np.int64, np.uint8, "x")
except ValueError as e:
    print("ValueError", e)
