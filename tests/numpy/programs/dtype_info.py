import numpy as np

for t in [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]:
    info = np.iinfo(t)
    print(repr(info), info.min, info.max, info.bits, info.dtype)
print(np.iinfo(np.uint8))
for t in [np.float16, np.float32, np.float64]:
    f = np.finfo(t)
    print(repr(f), repr(f.eps), repr(f.max), repr(f.min), repr(f.tiny), f.bits, f.precision, repr(f.resolution), repr(f.smallest_normal), f.dtype)
print(np.issubdtype(np.float32, np.floating), np.issubdtype(np.int8, np.integer), np.issubdtype(np.uint8, np.signedinteger),
      np.issubdtype(np.array([1.0]).dtype, np.number), np.issubdtype(np.int64, np.floating))
try:
    np.iinfo(np.float64)
except ValueError as e:
    print("ValueError:", e)
