# More complex arrays: creation with a complex dtype, numpy scalars with
# complex operands, complex64 results, casting, views and assignment.
import numpy as np

print(repr(np.zeros(3, dtype=complex)), repr(np.ones((2, 2), dtype=np.complex64)), sep="\n")
print(repr(np.full(2, 1 - 2j)), repr(np.full((1, 2), 3, dtype="complex128")), repr(np.empty(0, dtype=complex)), sep="\n")
print(repr(np.float64(2.0) * 1j), repr(np.float32(2.0) * 1j), repr(np.int64(3) + 1j))
z = np.array([1.5 - 2j, -0.25 + 1j], dtype=np.complex64)
print(repr(z * z), repr(z / 3), repr(abs(z)), repr(np.abs(z).dtype), repr(z.real.dtype), sep="\n")
print(repr(z.mean()), repr(z.sum()), repr(z.prod()), repr(z[0]), str(z[1]))
print(repr(np.exp(z)), repr(np.conj(z[0])), repr(z.astype(np.complex128)), sep="\n")
print(repr(np.array([1 + 2j, 3 - 4j]).astype(np.float64)))
m = np.arange(6).reshape(2, 3) * (1 - 1j)
print(repr(m), repr(m.T), repr(m[:, 1]), repr(m[1, ::-1]), repr(m.ravel()), sep="\n")
for row in m:
    print(row)
m[0, 0] = 9j
m[1] = np.array([1j, 2j, 3j])
m[:, 2] = 7
print(m)
m.real = 1
m.imag[0] = -1
print(m)
print(repr(np.isclose(np.array([1 + 1e-9j, 1j]), np.array([1, 1.001j]))), np.allclose(m, m + 1e-10j))
print(repr(np.round(np.array([1.23456 + 2.34567j]), 2)), repr(np.sum(m, axis=0)), repr(np.mean(m)))
print(repr(np.array([[1j]]) @ np.array([[2.0, 1 + 1j]])), repr(np.array([1.0, 2.0]) @ np.array([1j, 1j])))
print(np.array([1j, 0]).any(), np.array([1j, 0]).all(), bool(np.array([0j])))
print(complex(np.array(2 - 1j)), np.array([3 + 4j]).tolist(), np.array(1 + 1j).item())
print(repr(np.array([np.complex128(1 + 1j), 2.5])), repr(np.array([[1, 2j], [3, 4]])))
print(repr(np.fft.fft(np.array([1, 2, 3, 4], dtype=np.float32))))
