# numpy.random.Generator as a class, the legacy aliases random_integers,
# ranf and sample, and numpy.testing's assert_, assert_approx_equal,
# assert_array_max_ulp, assert_no_warnings, assert_string_equal and
# assert_warns.
import warnings

import numpy as np
from numpy import testing as nt

rng = np.random.default_rng(5)
print(isinstance(rng, np.random.Generator), type(rng).__name__)
print(rng.integers(0, 10, 5), rng.random(3))
np.random.seed(3)
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    print(np.random.random_integers(1, 6, size=8), np.random.random_integers(4))
print(np.random.ranf(3), np.random.sample((2, 2)), np.random.ranf())

nt.assert_(True)
for f, args in [(nt.assert_, (False, "custom message")), (nt.assert_, (0,)),
                (nt.assert_approx_equal, (1.0, 1.01)), (nt.assert_approx_equal, (1.23456, 1.23457, 7)),
                (nt.assert_string_equal, ("abc\ndef", "abc\ndeg")),
                (nt.assert_string_equal, (1, "a"))]:
    try:
        f(*args)
        print(f.__name__, "passed")
    except AssertionError as e:
        print(f.__name__, "AssertionError:", e)
nt.assert_approx_equal(1.0, 1.0000001)
nt.assert_approx_equal(1.23456, 1.23457, significant=5)
nt.assert_string_equal("same\ntext", "same\ntext")
print(nt.assert_array_max_ulp(np.array([1.0, 2.0]), np.array([1.0, 2.0000000000000004])))
print(nt.assert_array_max_ulp(np.float64(1.0), np.nextafter(1.0, 2.0), maxulp=1))
try:
    nt.assert_array_max_ulp(np.array([1.0]), np.array([1.0 + 1e-12]), maxulp=4)
except AssertionError as e:
    print("AssertionError:", e)
print(nt.assert_no_warnings(lambda x: x * 2, 21))
try:
    nt.assert_no_warnings(lambda: warnings.warn("careful", UserWarning))
except AssertionError as e:
    print("AssertionError:", str(e).split(":")[0])  # then the warnings' reprs, with addresses
with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    print(nt.assert_warns(UserWarning, lambda: warnings.warn("w", UserWarning) or 5))
    with nt.assert_warns(RuntimeWarning):
        warnings.warn("x", RuntimeWarning)
    try:
        nt.assert_warns(UserWarning, lambda: 1)
    except AssertionError as e:
        print("AssertionError:", e)
