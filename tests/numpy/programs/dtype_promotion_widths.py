import numpy as np

names = ["bool", "uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64", "float16", "float32", "float64"]
for a in names:
    row = []
    for b in names:
        r = np.ones(2, dtype=a) + np.ones(2, dtype=b)
        row.append(str(r.dtype))
    print(a, " ".join(row))
for a in names:
    x = np.ones(2, dtype=a)
    print(a, (x + 1).dtype, (x + 1.0).dtype, (x * True).dtype, np.sum(x).dtype, np.prod(x).dtype,
          np.cumsum(x).dtype, np.mean(x).dtype, (x / x).dtype, np.sqrt(x).dtype, np.abs(x).dtype, np.exp(x).dtype)
print(np.promote_types("uint8", "int8"), np.promote_types(np.int16, np.float16), np.result_type(np.uint8, np.int32))
print(np.can_cast(np.int8, np.uint8), np.can_cast("u1", "i2"), np.can_cast("f8", "f4", "same_kind"), np.can_cast("i8", "u8", "same_kind"))
