# Names NumPy 2 does not have raise AttributeError with NumPy's messages
# (the names NumPy 2.0 removed give its advice), so hasattr/getattr with a
# default work as under NumPy; names it has are found.
import numpy as np

a = np.arange(3)
for n in ["ptp", "foo", "newbyteorder", "itemset"]:
    try:
        getattr(a, n)
    except AttributeError as e:
        print("AttributeError", e)
for n in ["foo", "float_", "NaN", "Inf", "product", "alltrue", "round_", "in1d_", "find_common_type"]:
    try:
        getattr(np, n)
    except AttributeError as e:
        print("AttributeError", e)
try:
    np.random.not_a_function
except AttributeError as e:
    print("AttributeError", e)
print(hasattr(a, "ptp"), hasattr(a, "nonzero"), hasattr(np, "foo"), hasattr(np, "pad"), hasattr(np.random, "xyz"))
print(getattr(a, "ptp", "none"), getattr(np, "bool8", "none"), callable(getattr(np, "nan_to_num")))
print(repr(np.nan_to_num(np.nan)), repr(np.nan_to_num(3)), repr(np.nan_to_num(-np.inf, neginf=-5.0)))
print(np.nan_to_num(np.array([np.nan, np.inf, -np.inf], dtype=np.float32)))
