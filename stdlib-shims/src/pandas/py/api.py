# hipy's pandas: module-level functions, `pandas.errors`, `pandas.api.types`,
# and NotImplementedError for what hipy does not provide.

ParserError = _e.ParserError
EmptyDataError = _e.EmptyDataError
IntCastingNaNError = _e.IntCastingNaNError
MergeError = _e.MergeError
InvalidIndexError = _e.InvalidIndexError
SpecificationError = _e.SpecificationError
DataError = _e.DataError


def _make_submodules():
    import types as _types
    errors = _types.ModuleType("pandas.errors")
    for name in ("ParserError", "EmptyDataError", "IntCastingNaNError", "MergeError", "IndexingError",
                 "InvalidIndexError", "SpecificationError", "DataError"):
        setattr(errors, name, globals()[name])
    errors.SettingWithCopyWarning = type("SettingWithCopyWarning", (Warning,), {})
    errors.PerformanceWarning = type("PerformanceWarning", (Warning,), {})

    def _errors_getattr(name):
        if name.startswith("__"):
            raise AttributeError(name)
        raise _unsupported(f"errors.{name}")
    errors.__getattr__ = _errors_getattr

    types_mod = _types.ModuleType("pandas.api.types")

    def _dt(x):
        if isinstance(x, (Series, Index)):
            return x._dtype_name() if isinstance(x, Series) else x._column().dtype
        try:
            return _dtype_name(x)
        except NotImplementedError:
            return None

    types_mod.is_numeric_dtype = lambda x: _dt(x) in ("int64", "float64", "bool")
    types_mod.is_integer_dtype = lambda x: _dt(x) == "int64"
    types_mod.is_float_dtype = lambda x: _dt(x) == "float64"
    types_mod.is_bool_dtype = lambda x: _dt(x) == "bool"
    types_mod.is_string_dtype = lambda x: _dt(x) in ("str", "object")
    types_mod.is_object_dtype = lambda x: _dt(x) == "object"
    types_mod.is_list_like = _is_list_like
    types_mod.is_scalar = _is_scalar
    api = _types.ModuleType("pandas.api")
    api.types = types_mod
    return errors, api, types_mod


errors, api, _api_types = _make_submodules()
_sys.modules["pandas.errors"] = errors
_sys.modules["pandas.api"] = api
_sys.modules["pandas.api.types"] = _api_types


def to_numeric(arg, errors="raise", downcast=None):
    if downcast is not None:
        raise _unsupported("to_numeric(downcast=...)")
    if isinstance(arg, Series):
        t = arg._dtype_name()
        if t in ("int64", "float64"):
            return arg.copy()
        vals = arg.tolist()
        out = [_to_number(v, errors, i) for i, v in enumerate(vals)]
        return arg._with_values(_e.column(out, None))
    if _is_scalar(arg):
        return _to_number(arg, errors)
    vals = list(arg)
    col = _e.column([_to_number(v, errors) for v in vals], None)
    return col.to_numpy()


def _to_number(v, errors, pos=0):
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return v
    if v is None:
        return float("nan")
    if isinstance(v, str):
        s = v.strip()
        try:
            return int(s)
        except ValueError:
            pass
        try:
            return float(s)
        except ValueError:
            if errors == "coerce":
                return float("nan")
            if errors == "ignore":
                return v
            raise ValueError(f"Unable to parse string '{v}' at position {pos}")
    if isinstance(v, bool):
        return int(v)
    return v


def unique(values):
    if isinstance(values, (Series, Index)):
        return values.unique()
    return Series(list(values)).unique()


class option_context:
    def __init__(self, *args):
        self._pairs = list(zip(args[::2], args[1::2]))
        self._old = []

    def __enter__(self):
        for k, v in self._pairs:
            self._old.append((k, get_option(k)))
            set_option(k, v)
        return self

    def __exit__(self, *exc):
        for k, v in reversed(self._old):
            set_option(k, v)
        return False


class _OptionsNamespace:
    def __getattr__(self, name):
        raise _unsupported("options")


options = _OptionsNamespace()


def get_dummies(data, prefix=None, prefix_sep="_", columns=None, dtype=None, drop_first=False):
    if isinstance(data, Series):
        vals = data.tolist()
        cats = sorted(set(v for v in vals if not _isna_scalar(v)))
        if drop_first:
            cats = cats[1:]
        pre = prefix
        out = {}
        for c in cats:
            label = f"{pre}{prefix_sep}{c}" if pre is not None else c
            col = [v == c for v in vals]
            out[label] = col if dtype is None or _dtype_name(dtype) == "bool" else [int(x) for x in col]
        return DataFrame(out, index=data.index)
    raise _unsupported("get_dummies of a DataFrame")


def _module_getattr(name):
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(f"module 'pandas' has no attribute '{name}'")
    raise _unsupported(name)


__getattr__ = _module_getattr

# Names defined here are the API; keep the helpers out of `dir(pandas)`
# as far as `from pandas import *` goes.
__all__ = [
    "DataFrame", "Series", "Index", "RangeIndex", "MultiIndex", "StringDtype", "NamedAgg",
    "read_csv", "concat", "merge", "isna", "isnull", "notna", "notnull", "to_numeric", "unique",
    "get_option", "set_option", "reset_option", "option_context", "get_dummies",
]
