import numpy as np
from numpy.testing import (assert_allclose, assert_array_equal, assert_almost_equal, assert_equal,
                           assert_array_less, assert_array_almost_equal, assert_raises)
import numpy.testing as npt

assert_allclose([1.0, 2.0], [1.0, 2.0 + 1e-9])
assert_array_equal(np.arange(3), [0, 1, 2])
assert_almost_equal(1.0, 1.0 + 1e-9)
assert_equal({"a": [1, 2]}, {"a": [1, 2]})
assert_array_less([1, 2], [2, 3])
assert_array_almost_equal([1.0, 2.0], [1.0, 2.0000001])
npt.assert_equal(np.nan, np.nan)
with assert_raises(ZeroDivisionError):
    1 / 0
print("passing asserts ok")
cases = [
    (assert_allclose, ([1.0, 2.0, 3.0], [1.0, 2.5, 3.0])),
    (assert_array_equal, ([1, 2, 3], [1, 2, 4])),
    (assert_array_equal, ([1, 2], [1, 2, 3])),
    (assert_almost_equal, (1.0, 1.1)),
    (assert_equal, (1, 2)),
    (assert_array_less, ([1, 2], [2, 2])),
    (assert_allclose, (np.array([[1.0, 2.0]]), np.array([[1.0, 2.0001]]), 1e-7, 0, True, "msg here")),
    (assert_array_equal, (np.array([1.5, np.nan]), np.array([1.5, 2.0]))),
]
for f, args in cases:
    try:
        f(*args)
        print("no error")
    except AssertionError as e:
        print(repr(str(e)))
npt.assert_raises_regex(ValueError, "invalid lit", int, "x")
with npt.assert_raises_regex(ZeroDivisionError, "division"):
    1 / 0
npt.assert_array_compare(lambda x, y: x <= y, [1, 2], [1, 3])
npt.assert_array_almost_equal_nulp(np.array([1.0, 2.0]), np.array([1.0, 2.0]))
try:
    npt.assert_raises_regex(ValueError, "nomatch", int, "x")
except AssertionError as e:
    print("AssertionError:", str(e)[:40])
print("done")
