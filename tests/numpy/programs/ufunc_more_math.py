import numpy as np

x = np.linspace(-2, 2, 9)
print(np.sinh(x), np.cosh(x), np.tanh(x))
print(np.arcsinh(x), np.arccosh(np.abs(x) + 1), np.arctanh(x / 3))
print(np.expm1(x), np.log1p(np.abs(x)), np.exp2(x), np.cbrt(x), np.fabs(x), np.signbit(x))
print(np.sinh(np.array([1, 2], np.int8)))
i = np.array([1, 2, 3, -8], dtype=np.int64)
print(i << 2, i >> 1, np.left_shift(i, 70), np.right_shift(i, 70), np.left_shift(np.array([1], np.uint8), 9))
print(np.bitwise_and(12, 10), np.bitwise_or(12, 10), np.bitwise_xor(12, 10), np.invert(np.array([0, 1], np.uint8)), ~np.array([5]))
u = np.array([1, 2, 200], dtype=np.uint8)
print(u << 1, u >> 2, np.uint8(3) << 2)
u <<= 1
print(u)
print(np.logical_xor([True, False, True], [True, True, False]), np.logical_xor(np.array([0, 1, 2]), 1))
print(np.fmod([-3, -2, -1, 1, 2, 3], 2), np.fmod(np.array([-3.5, 2.5]), 2.0), np.remainder([-3, 3], 2))
print(np.copysign([1.0, -2.0, 3.0], -1.0), np.fmax([1.0, np.nan, 3.0], [2.0, 2.0, np.nan]), np.fmin([1.0, np.nan], [np.nan, np.nan]))
print(np.logaddexp(1.0, 2.0), np.logaddexp2([1.0, 3.0], [1.0, 2.0]), np.gcd(12, 20), np.gcd(np.arange(6), 4), np.lcm([3, 4], [6, 10]))
print(np.heaviside([-1.5, 0.0, 2.0], 0.5), np.positive([1, -2]), np.reciprocal([1.0, 4.0]))
try:
    np.left_shift(np.array([1.5]), 1)
except TypeError as e:
    print(type(e).__name__, e)
