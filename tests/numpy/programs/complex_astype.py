# Casting real arrays to complex dtypes and back.
import numpy as np

a = np.arange(4)
print(repr(a.astype(complex)), repr(a.astype(np.complex64)), repr(a.astype("complex128")), sep="\n")
f = np.array([0.5, -1.25], dtype=np.float32)
c = f.astype(np.complex64)
print(repr(c), c.dtype, repr(c * 1j), repr(c + f), sep="\n")
print(repr((a.astype(complex) * (1 + 1j)).astype(np.complex64)), repr(np.array([True, False]).astype(complex)))
print(repr(np.array([[1.5, 2]]).astype(complex).T))
