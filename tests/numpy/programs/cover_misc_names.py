# Module-level helpers: numpy.exceptions, numpy.testing as an attribute,
# buffer size and error-state settings, may_share_memory/shares_memory,
# nextafter/spacing, the broadcast object, format_float_scientific and
# format_float_positional, ndarray.byteswap and to_device, show_config.
import numpy as np

try:
    np.sum(np.ones((2, 2)), axis=3)
except np.exceptions.AxisError as e:
    print("AxisError", e, isinstance(e, ValueError), isinstance(e, IndexError))
np.testing.assert_equal(np.arange(3), [0, 1, 2])
print(np.getbufsize(), np.setbufsize(16384), np.getbufsize())
np.setbufsize(8192)
for size in [-16, 0, 40, 10 ** 8, 2.5]:
    try:
        np.setbufsize(size)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
old = np.seterr(divide="ignore")
print(old["divide"], np.geterr()["divide"], np.array([1.0]) / 0.0)
np.seterr(**old)
print(np.geterr() == old, callable(np.show_config), callable(np.show_runtime))

a = np.arange(12.0)
v = a[2:8]
w = a.reshape(3, 4)[:, 1]
print(np.may_share_memory(a, v), np.may_share_memory(a, a.copy()), np.may_share_memory(v, a[8:]))
print(np.may_share_memory(a[::2], a[1::2]), np.shares_memory(a[::2], a[1::2]), np.shares_memory(a, w))
print(np.shares_memory(v, a[7:]), np.shares_memory(v, a[8:]), np.may_share_memory([1, 2], [1, 2]))
b = a + 1
print(np.may_share_memory(a, b), np.shares_memory(b, b[::-1]), np.may_share_memory(a[:0], a))

print(np.nextafter(1.0, 2.0), np.nextafter(1.0, 0.0), np.nextafter(np.array([0.0, 1.0, -1.0]), 5.0))
print(np.nextafter(np.array([1, 2]), np.array([[0], [3]])), repr(np.nextafter(0.0, -1.0)))
print(np.spacing(1.0), np.spacing(np.array([1.0, -1.0, 0.0, 1e10, 2.0 ** -1030])), repr(np.spacing(1)))

br = np.broadcast(np.array([[1], [2]]), np.array([10, 20, 30]))
print(br.shape, br.ndim, br.nd, br.size, br.numiter, br.index)
print(next(br), next(br), br.index)
br.reset()
print(list(br))
print(np.broadcast(np.arange(4), 5).shape, np.broadcast(np.ones((2, 1, 3)), np.ones((4, 1))).shape)

for x in [1.0, 0.0, 123.456, 1e-5, 1.5e20, -2.5, np.float32(0.1), 1e100, 100.0, -0.0, np.float32(3.4e38)]:
    print(np.format_float_scientific(x), np.format_float_scientific(x, sign=True), np.format_float_scientific(x, exp_digits=3),
          np.format_float_positional(x), np.format_float_positional(x, sign=True))
print(np.format_float_scientific(np.inf), np.format_float_scientific(-np.inf), np.format_float_scientific(np.nan))

i16 = np.array([1, 256, -2], dtype=np.int16)
print(i16.byteswap(), np.array([1.5, -2.0]).byteswap(), np.array([1, 2], dtype=np.uint32).byteswap())
print(np.array([1.0, 3.0], dtype=np.float32).byteswap(), np.array([True, False]).byteswap())
i16.byteswap(inplace=True)
print(i16, i16.to_device("cpu") is i16, i16.device)
