# np.format_float_positional and np.format_float_scientific: NumPy's Dragon4
# float printer (format/dragon4.rs, through np._format_float) with all of its
# options, in unique mode (the shortest digits that identify the value, cut
# off at `precision`, extended to `min_digits`) and exact mode
# (unique=False: the exact value's digits, rounded at `precision`). This file
# checks the arguments the way NumPy does, with its errors.

__all__ = ["format_float_positional", "format_float_scientific"]


def _none_or_positive(value, name):
    if value is None:
        return -1
    if value < 0:
        raise ValueError("%s must be >= 0" % name)
    return value


def _c_int(value):
    """An int option as NumPy's C layer takes it."""
    if isinstance(value, float):
        raise TypeError("integer argument expected, got float")
    return int(value)


def _value(x):
    """x as (its value as a Python float, its float type's size in bits):
    a float scalar keeps its type; other real numbers (0-d arrays too) are
    float64."""
    if isinstance(x, np.ndarray):
        if x.ndim != 0:
            raise TypeError("only 0-dimensional arrays can be converted to Python scalars")
        kind, size, x = x.dtype.kind, 8, x.item()
    elif isinstance(x, np.generic):
        kind, size = x.dtype.kind, x.dtype.itemsize
    else:
        kind, size = "f", 8
    if isinstance(x, complex) or kind == "c":
        raise TypeError("must be real number, not complex")
    if not hasattr(type(x), "__float__") and not hasattr(type(x), "__index__"):
        raise TypeError("must be real number, not %s" % type(x).__name__)
    return float(x), (size * 8 if kind == "f" else 64)


def _format(x, positional, unique, precision, min_digits, fractional, trim, sign, pad_left, pad_right, exp_digits):
    if not isinstance(trim, str) or trim not in ("k", ".", "0", "-") or len(trim) != 1:
        raise TypeError("if supplied, trim must be 'k', '.', '0' or '-' found `%s`" % str(trim).rjust(100))
    if not unique and precision < 0:
        raise TypeError("in non-unique mode `precision` must be supplied")
    ints = [_c_int(v) for v in (precision, min_digits, pad_left, pad_right, exp_digits)]
    value, bits = _value(x)
    precision, min_digits, pad_left, pad_right, exp_digits = ints
    return np._format_float(value, bits, positional, bool(unique), precision, min_digits, bool(fractional), trim,
                            bool(sign), pad_left, pad_right, exp_digits)


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k", sign=False,
                            pad_left=None, pad_right=None, min_digits=None):
    precision = _none_or_positive(precision, "precision")
    pad_left = _none_or_positive(pad_left, "pad_left")
    pad_right = _none_or_positive(pad_right, "pad_right")
    min_digits = _none_or_positive(min_digits, "min_digits")
    if not fractional and precision == 0:
        raise ValueError("precision must be greater than 0 if fractional=False")
    if min_digits > 0 and precision > 0 and min_digits > precision:
        raise ValueError("min_digits must be less than or equal to precision")
    return _format(x, True, unique, precision, min_digits, fractional, trim, sign, pad_left, pad_right, -1)


def format_float_scientific(x, precision=None, unique=True, trim="k", sign=False, pad_left=None,
                            exp_digits=None, min_digits=None):
    precision = _none_or_positive(precision, "precision")
    pad_left = _none_or_positive(pad_left, "pad_left")
    exp_digits = _none_or_positive(exp_digits, "exp_digits")
    min_digits = _none_or_positive(min_digits, "min_digits")
    if min_digits > 0 and precision > 0 and min_digits > precision:
        raise ValueError("min_digits must be less than or equal to precision")
    return _format(x, False, unique, precision, min_digits, True, trim, sign, pad_left, -1, exp_digits)
