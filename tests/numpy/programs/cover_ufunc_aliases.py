# NumPy 2's array-API ufunc names and other elementwise functions:
# acos/asin/atan/acosh/asinh/atanh, bitwise_invert/left_shift/right_shift,
# bitwise_not, less_equal, not_equal, isneginf/isposinf, sinc, i0, the windows,
# nanargmin/nanprod, cumulative_prod, correlate, constants e and euler_gamma.
import numpy as np

x = np.array([-0.5, 0.0, 0.25, 0.75])
print(np.asin(x), np.atan(x), np.acos(x))
print(np.asinh(np.array([0.0, 1.0, 2.0])), np.acosh(np.array([1.0, 2.0, 3.0])), np.atanh(np.array([0.0, 0.5])))
print(np.atan2(np.array([1.0, -1.0]), np.array([1.0, 2.0])), np.acos(np.float32(0.5)).dtype)
i = np.array([1, 2, 3, 255], dtype=np.uint8)
print(np.bitwise_invert(i), np.bitwise_not(np.array([0, 5, -3])), np.bitwise_invert(np.array([True, False])))
print(np.bitwise_left_shift(i, 2), np.bitwise_right_shift(i, 1), np.bitwise_left_shift(np.array([1, 2]), np.array([3, 60])))
print(np.less_equal(np.array([1, 2, 3]), 2), np.not_equal(np.array([1.0, np.nan]), np.array([1.0, np.nan])))
v = np.array([-np.inf, -1.0, np.inf, np.nan, 0.0])
print(np.isneginf(v), np.isposinf(v))
print(np.sinc(np.array([0.0, 0.5, 1.0, 1.5, -2.0])), np.sinc(0.0))
print(np.blackman(6), np.blackman(1), np.blackman(0))
# hipy's i0 sums the power series: within a few ulps of NumPy's, so printed
# at array precision.
print(np.i0(np.array([0.0, 0.5, -1.0, 3.7, 12.0, 40.0])), np.round(np.i0(0.5), 12), np.i0([0, 1]).dtype)
print(np.kaiser(6, 14.0), np.kaiser(5, 0), np.kaiser(1, 3.0), np.kaiser(0, 3.0))
d = np.array([[np.nan, 3.0, 1.0], [2.0, np.nan, 7.0]])
print(np.nanargmin(d), np.nanargmin(d, axis=0), np.nanargmin(d, axis=1))
print(np.nanprod(d), np.nanprod(d, axis=0), np.nanprod(d, axis=1, keepdims=True))
try:
    np.nanargmin(np.array([np.nan, np.nan]))
except ValueError as e:
    print("ValueError", e)
print(np.cumulative_prod(np.array([1, 2, 3, 4])), np.cumulative_prod(np.array([1.0, 2.0, 3.0]), include_initial=True))
print(np.cumulative_prod(np.arange(1, 7).reshape(2, 3), axis=1), np.cumulative_prod(np.array([2, 3]), dtype=np.float64))
print(np.correlate(np.array([1.0, 2.0, 3.0]), np.array([0.0, 1.0, 0.5])))
print(np.correlate(np.array([1, 2, 3, 4]), np.array([1, -1]), mode="full"))
print(np.correlate(np.array([1.0, 2.0, 3.0, 4.0]), np.array([1.0, 2.0]), mode="same"))
print(np.e, np.euler_gamma, repr(np.e * 2))
