# The scalar-type aliases and type-query functions of numpy: C-named types
# (byte, short, intc, long, longlong and their unsigned forms, half, single,
# double, csingle, cdouble, int_, uint, intp, uintp, bool), the abstract
# classes (inexact, complexfloating, unsignedinteger), ScalarType, typename,
# mintypecode, common_type, isdtype, isscalar, ufunc, ndarray, little_endian.
import numpy as np

for t in [np.byte, np.ubyte, np.short, np.ushort, np.intc, np.uintc, np.long, np.ulong,
          np.longlong, np.ulonglong, np.int_, np.uint, np.intp, np.uintp, np.half, np.single,
          np.double, np.csingle, np.cdouble, np.bool]:
    a = np.array([1], dtype=t)
    print(a.dtype, a.itemsize, t(1), issubclass(t, np.number))
print([issubclass(t, np.generic) for t in [np.byte, np.uintp, np.half, np.double, np.bool]])
print(np.intc is np.int32, np.long is np.int64, np.int_ is np.int64, np.double is np.float64, np.bool is np.bool_)
print(issubclass(np.float32, np.inexact), issubclass(np.int8, np.inexact), issubclass(np.complex64, np.complexfloating))
print(issubclass(np.uint16, np.unsignedinteger), issubclass(np.int16, np.unsignedinteger), issubclass(np.complex128, np.inexact))
print(isinstance(np.float64(1.0), np.inexact), isinstance(np.uint8(3), np.unsignedinteger))
print(len(np.ScalarType) > 10, int in np.ScalarType, np.float64 in np.ScalarType, np.ScalarType[:5])
for c in ["b", "B", "h", "i", "l", "q", "f", "d", "F", "D", "?", "S1", "U", "O"]:
    print(c, np.typename(c))
print(np.mintypecode(["d", "f", "S"]), np.mintypecode("fF"), np.mintypecode("f"), np.mintypecode("dF"), np.mintypecode("i"))
print(np.common_type(np.arange(3)), np.common_type(np.arange(3, dtype=np.float32)),
      np.common_type(np.arange(3, dtype=np.float32), np.arange(2, dtype=np.float16)),
      np.common_type(np.array([1j])), np.common_type(np.arange(2, dtype=np.float16)))
for dt, kind in [(np.int8, "integral"), (np.uint8, "signed integer"), (np.uint8, "unsigned integer"),
                 (np.float32, "real floating"), (np.complex64, "complex floating"), (np.float64, "numeric"),
                 (np.bool_, "bool"), (np.float64, np.float64), (np.int32, (np.int64, "integral")),
                 (np.dtype("float16"), "real floating")]:
    print(dt.__name__ if isinstance(dt, type) else dt, kind, np.isdtype(dt, kind))
try:
    np.isdtype(np.int8, "numbers")
except ValueError as e:
    print("ValueError", e)
print(np.isscalar(3), np.isscalar(3.5), np.isscalar(np.float32(1)), np.isscalar(np.array(2)), np.isscalar([1]),
      np.isscalar("s"), np.isscalar(None), np.isscalar(1j))
print(isinstance(np.add, np.ufunc), isinstance(np.sum, np.ufunc), type(np.sin).__name__, np.add.nin, np.sin.nout)
print(isinstance(np.zeros(2), np.ndarray), np.ndarray.__name__, type(np.arange(2)) is np.ndarray)
print(np.little_endian)
