import numpy as np

for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
    a = np.array([1, 2, 3, 100], dtype=t)
    print(t.__name__, repr(a), a.dtype, a.dtype.kind, a.dtype.char, a.itemsize, a.nbytes)
    print(repr(a + a), repr(a * 3), repr(a - 5), repr(a // 3), repr(a % 7))
    print(repr(a.sum()), repr(a.prod()), repr(a.mean()), repr(a.max()), repr(a.min()), repr(a.cumsum()))
    print(repr(-a), repr(abs(a)), repr(np.sqrt(a)), repr(a / 2), repr(a ** 2))

u = np.array([250, 5, 0], dtype=np.uint8)
print(repr(u + np.uint8(10)), repr(u - np.uint8(6)), repr(u * 2))
print(repr(u.astype(np.int8)), repr(u.astype("int16")), repr(u.astype("float32")))
i = np.array([-128, 127, -1], dtype=np.int8)
print(repr(i + 1), repr(i.astype(np.uint8)), repr(i.astype(np.uint64)), repr(np.abs(i)))
f = np.array([300.7, -1.5, 2.5, 255.9])
for t in ["int8", "int16", "uint8", "uint16", "uint32", "uint64"]:
    print(t, repr(f.astype(t)))
print(np.uint8(200) + np.uint8(100), np.int8(-100) - np.int8(100), repr(np.uint16(7)), repr(np.int16(-7)))
print(repr(np.array([1, 2], dtype=np.uint8) + 1.5), repr(np.array([1, 2], dtype=np.int8) * 1000 if False else 0))
try:
    np.array([1, 2], dtype=np.uint8) + 300
except OverflowError as e:
    print("OverflowError:", e)
try:
    np.uint8(-1)
except OverflowError as e:
    print("OverflowError:", e)
x = np.zeros(3, dtype=np.uint8)
x += 7
print(repr(x))
try:
    x += np.array([1, 2, 3], dtype=np.int8)
except TypeError as e:
    print(type(e).__name__, e)
print(np.dtype("uint8"), np.dtype("u2"), np.dtype("i1"), np.dtype(np.uint64), np.dtype("B"), repr(np.dtype("int16")))
print(np.arange(5, dtype=np.uint8), np.zeros((2, 2), dtype=np.int16), np.ones(3, dtype="u4"))
print(np.array([1, 2, 3], dtype=np.uint64).tolist(), np.uint8(3).item(), type(np.uint8(3).item()).__name__)
print(np.array([2**63], dtype=np.uint64), np.array([2**64 - 1], dtype=np.uint64) + np.uint64(1))
print(repr(np.array([255], np.uint8) & 15), repr(np.array([1, 2], np.int16) | 8), repr(~np.array([0, 5], np.uint8)))
