# hipy's pandas: shared helpers, dtypes, missing values, options.
#
# The files of this directory run in order into the `pandas` module's
# namespace. Data lives in the table engine (`_hipy_pandas`): a DataFrame
# or Series holds a plan node; nothing is computed until a value is seen.

import sys as _sys
import math as _math
import types as _types
import _hipy_pandas as _e
import numpy as _np
import hipy as _hipy

__version__ = "3.1.1"

_ndarray = _np.ndarray
# UDFs are offered to staging unless HIPY_STAGE=off (then they always run
# in the Python loop): hipy's switch, shared with numpy.
_STAGING = _hipy._STAGING
# Integer scalars: Python's and NumPy's.
_INT_TYPES = (int, _np.int64, _np.int32)


def _unsupported(what):
    return NotImplementedError(f"pandas.{what} is not supported by hipy")


class _NoDefault:
    def __repr__(self):
        return "<no_default>"


_no_default = _NoDefault()


# -- dtypes ---------------------------------------------------------------

class StringDtype:
    """pandas 3's default string dtype (`str`), NaN for missing values."""

    name = "str"
    na_value = float("nan")

    def __init__(self, storage=None, na_value=None):
        if storage not in (None, "pyarrow", "python"):
            raise _unsupported(f"StringDtype(storage={storage!r})")
        if na_value is not None and not (isinstance(na_value, float) and na_value != na_value):
            raise _unsupported("StringDtype(na_value=pd.NA)")

    def __str__(self):
        return "str"

    def __repr__(self):
        return "<StringDtype(na_value=nan)>"

    def __eq__(self, other):
        if isinstance(other, str):
            return other in ("str", "string")
        return isinstance(other, StringDtype) or other is str

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash("str")

    @property
    def kind(self):
        return "O"


class _ObjectDtype:
    name = "object"
    kind = "O"

    def __str__(self):
        return "object"

    def __repr__(self):
        return "dtype('O')"

    def __eq__(self, other):
        if isinstance(other, str):
            return other in ("object", "O")
        return isinstance(other, _ObjectDtype) or other is object

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash("object")


_STR_DTYPE = StringDtype()
_OBJECT_DTYPE = _ObjectDtype()


def _dtype_obj(name):
    if name == "str":
        return _STR_DTYPE
    if name == "object":
        return _OBJECT_DTYPE
    return _np.dtype(name)


def _dtype_name(dtype):
    """The engine's name for a dtype given by the user (or None)."""
    if dtype is None:
        return None
    if isinstance(dtype, StringDtype) or dtype is str:
        return "str"
    if isinstance(dtype, _ObjectDtype) or dtype is object:
        return "object"
    if dtype is int:
        return "int64"
    if dtype is float:
        return "float64"
    if dtype is bool:
        return "bool"
    if isinstance(dtype, str):
        names = {
            "int64": "int64", "int": "int64", "i8": "int64", "Int64": None,
            "float64": "float64", "float": "float64", "f8": "float64",
            "bool": "bool", "str": "str", "string": "str", "object": "object", "O": "object",
        }
        n = names.get(dtype)
        if n is None:
            raise _unsupported(f"dtype {dtype!r}")
        return n
    try:
        n = str(_np.dtype(dtype))
    except Exception:
        raise _unsupported(f"dtype {dtype!r}")
    if n not in ("int64", "float64", "bool"):
        raise _unsupported(f"dtype {n}")
    return n


def _is_numeric_name(name):
    return name in ("int64", "float64", "bool")


# -- values -----------------------------------------------------------------

def _is_scalar(x):
    return x is None or isinstance(x, (int, float, str, bool, _np.generic))


def _is_list_like(x):
    return isinstance(x, (list, tuple, range, _ndarray, Series, Index, set, frozenset)) or (
        hasattr(x, "__iter__") and not isinstance(x, (str, bytes, dict, DataFrame))
    )


def _isna_scalar(x):
    if x is None:
        return True
    if isinstance(x, float):
        return x != x
    if isinstance(x, _np.generic):
        try:
            return bool(x != x)
        except Exception:
            return False
    return False


def isna(obj):
    if isinstance(obj, (Series, DataFrame, Index)):
        return obj.isna()
    if _is_scalar(obj):
        return _isna_scalar(obj)
    if isinstance(obj, _ndarray):
        return obj != obj
    if isinstance(obj, (list, tuple)):
        return _np.array([_isna_scalar(v) for v in obj])
    return False


isnull = isna


def notna(obj):
    r = isna(obj)
    if isinstance(r, bool):
        return not r
    return ~r


notnull = notna


def _column_of(values, dtype=None):
    """A computed column of Python values (list, tuple, range, ndarray)."""
    if isinstance(values, _ndarray):
        if values.ndim != 1:
            raise ValueError("Data must be 1-dimensional, got ndarray of shape "
                             f"{values.shape} instead")
        c = _e.column_from_array(values)
        if dtype is not None:
            c = c.cast(dtype)
        return c
    if isinstance(values, range):
        values = list(values)
    return _e.column(values, dtype)


class _Options:
    """The display options hipy's printing follows (fixed: pandas' defaults)."""

    _defaults = {
        "display.max_rows": 60,
        "display.min_rows": 10,
        "display.max_columns": 0,
        "display.width": 80,
        "display.precision": 6,
        "display.max_colwidth": 50,
        "display.max_seq_items": 100,
        "display.show_dimensions": "truncate",
        "mode.copy_on_write": True,
        "future.infer_string": True,
    }

    def __init__(self):
        self._values = dict(self._defaults)

    def _key(self, pat):
        if pat in self._values:
            return pat
        for k in self._values:
            if k.endswith("." + pat):
                return k
        raise _unsupported(f"option {pat!r}")


_options = _Options()


def get_option(pat):
    return _options._values[_options._key(pat)]


def set_option(pat, value):
    k = _options._key(pat)
    if k != "display.precision" and value != _options._defaults[k]:
        raise _unsupported(f"set_option({k!r}, ...)")
    _options._values[k] = value


def reset_option(pat):
    k = _options._key(pat)
    _options._values[k] = _options._defaults[k]
