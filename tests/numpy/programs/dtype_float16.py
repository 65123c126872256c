import numpy as np

a = np.array([0.1, 0.2, 1.5, 1000.0, 65504.0], dtype=np.float16)
print(repr(a), a)
print(repr(a[0]), str(a[0]), repr(np.float16(1) / 3), np.float16(2.5) * 2)
b = np.arange(6, dtype=np.float16) / 7
print(repr(b), repr(b.sum()), repr(b.mean()), repr(b.max()))
print(repr(np.sqrt(np.array([1, 2, 3], dtype=np.uint8))), repr(np.exp(np.array([1, 2], dtype=np.int8))))
print(repr(b.astype(np.float32)), repr(np.array([1.0, 2.5, 1e5], dtype=np.float16)))
print(repr(np.linspace(0, 1, 5).astype("float16")), np.finfo(np.float16).eps if hasattr(np, "finfo") else "")
print(np.float16(0.1) + np.float16(0.2), np.float16(3) > np.float16(2.5), float(np.float16(0.3)))
