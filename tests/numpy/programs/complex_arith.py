# Complex arithmetic, promotion (NEP 50) and the functions on complex values.
import numpy as np

a = np.array([1 + 2j, -3 + 0.5j, 0.25 - 1j])
b = np.array([2 - 1j, 1j, -4 + 4j])
print(repr(a + b), repr(a - b), repr(a * b), repr(a / b), sep="\n")
print(repr(a * 2), repr(a / 2), repr(2 / a), repr(a - 1), sep="\n")
print(repr(-a), repr(+a), repr(abs(a)), repr(np.abs(a)), sep="\n")
print(repr(a ** 2), repr(a ** 3), repr(a ** 5), repr(a ** -2), repr(a ** 0), sep="\n")
print(repr(a == b), repr(a != a), repr(a == a[0]), sep="\n")
print(repr(a.real), repr(a.imag), repr(a.conj()), repr(np.conj(a)), repr(np.conjugate(a)), sep="\n")
print(repr(np.real(a)), repr(np.imag(a)), repr(np.angle(a)), repr(np.angle(a, deg=True)), sep="\n")
print(repr(np.angle(np.array([-1.0, 2.0]))), repr(np.real(np.array([1.5]))), repr(np.imag(np.array([1.5]))))
print(repr(np.exp(a)), repr(np.exp(1j * np.pi * np.arange(4) / 2).round(12) + 0), sep="\n")
print(repr(np.sqrt(np.array([-4 + 0j, 3 + 4j, -3 - 4j, 0j]))))
print(repr(np.log(np.array([1j, -1 + 0j, 2 + 2j]))))
print(repr(np.isnan(np.array([complex("nan"), 1j]))), repr(np.isfinite(np.array([complex(1, float("inf")), 1j]))))
# promotion
i32 = np.array([1, 2], dtype=np.int32)
f32 = np.array([1.5, 2.5], dtype=np.float32)
c64 = np.array([1 + 1j, 2 - 1j], dtype=np.complex64)
print((f32 * 1j).dtype, (f32 + 1j).dtype, (i32 * 1j).dtype, (np.array([1, 2], np.int8) * 1j).dtype)
print((c64 + 1).dtype, (c64 + 1.5).dtype, (c64 + f32).dtype, (c64 + i32).dtype, (c64 + np.array([1], np.int8)).dtype)
print((c64 * a[:2]).dtype, (c64 + np.array([1.0])).dtype, (np.array([True, False]) * 1j).dtype)
print(repr(c64 * 2), repr(f32 * 1j), sep="\n")
# scalars
z = np.complex128(1 + 2j)
print(repr(z * 2), repr(z + z), repr(z / (1 - 1j)), repr(a[0] * a[1]))
print(repr(np.complex64(1 + 2j) * 2), type(a[0]).__name__)
c = a.copy()
c += 1j
c *= 2
print(repr(c), repr(a))
c[0] = 5
c[1:] = [1j, 2]
print(repr(c))
print(repr(a.astype(np.complex64)), repr(a.astype(np.complex128)))
print(repr(np.sort_complex(np.array([3 + 1j, 1 + 2j, 1 + 1j, 2]))))
print(repr(np.sort_complex([3, 1, 2])))
print(repr(np.real_if_close(np.array([2.1 + 4e-14j, 5.2 + 3e-15j]))), repr(np.real_if_close(a)))
print(repr(a < b), repr(a >= b), repr(a > 0.25), repr(np.array([1 + 1j, 1 + 2j]) <= 1 + 1j))
for bad in (lambda: a // b, lambda: a % 2):
    try:
        bad()
    except TypeError as e:
        print(type(e).__name__, e)
