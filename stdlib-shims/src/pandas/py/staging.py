# hipy's pandas: staging of UDFs, through hipy's staging (the `hipy`
# module's staging.py, shared with numpy's `np.vectorize`).
#
# `Series.apply(f)`, `map(f)` and `DataFrame.apply(f, axis=1)` first offer
# `f` to staging: `f` runs once per path on symbolic values (`_Sym`) whose
# operators build column expressions; each `if` on a symbolic comparison
# forks the run, and the paths become one nested `where`. The result is a
# lazy column expression, computed in the plan with the table kernels,
# with no Python call per row.
#
# Staging applies only where it gives exactly what the Python loop would:
# the code is pure (hipy's `_check_pure`: no call but pure builtins, no
# store outside, numbers only from outside; a row's attributes are its
# column names), values stay in float64/int64/bool/str arithmetic whose
# results the kernels compute bit for bit as Python does (no division by
# a value that may be zero, no math functions: the table engine checks no
# guards; powers 0..3; ints bounded so that no 64-bit overflow can occur),
# and the results of all paths have one pandas dtype. Anything else
# raises `_NotStaged` and the function runs in the Python loop (which
# hipy's JIT compiles).

_NotStaged = _hipy._NotStaged
_Sym = _hipy._Sym
_INT_LIMIT = _hipy._INT_LIMIT
_run_paths = _hipy._run_paths
_result_kind = _hipy._result_kind
_stage_float = _hipy._stage_float


class _TableExprs:
    """Builds table-engine column expressions for `_Sym` values."""

    guards = False

    def lit(self, v, kind):
        return _e.lit(v)

    def binary(self, op, a, b):
        return a.binary(op, b)

    def unary(self, op, a):
        return a.unary(op)

    def cast_float(self, a):
        return a.cast("float64")

    def where(self, c, a, b):
        return c.where(a, b)

    def func(self, name, a):
        return None


_TX = _TableExprs()


def _stageable(func, allowed_attrs=()):
    if not isinstance(func, _types.FunctionType):
        return False
    code = func.__code__
    if code.co_flags & 0x2C:  # *args, **kwargs, generator
        return False
    if code.co_argcount != 1 or code.co_kwonlyargcount:
        return False
    try:
        _hipy._check_elementwise(func, allowed_attrs)
    except _NotStaged:
        return False
    return True


def _combine(paths):
    """One expression for the paths (nested where), and its pandas dtype."""
    kinds = set(_result_kind(r) for _, r in paths)
    if kinds <= {"i", "f"}:
        dtype = "float64" if "f" in kinds else "int64"
    elif kinds == {"b"}:
        dtype = "bool"
    elif kinds == {"s"}:
        dtype = "str"
    else:
        raise _NotStaged()

    def leaf(r):
        if isinstance(r, _Sym):
            if dtype == "float64" and r.kind == "i":
                return r.e.cast("float64")
            return r.e
        if dtype == "float64" and isinstance(r, int):
            return _e.lit(float(r))
        return _e.lit(r)

    return _hipy._merge(paths, leaf, lambda c, a, b: c.e.where(a, b)), dtype


def _run_udf(func, arg):
    """The paths of staged `func(arg)` (with staged min/max/abs/float)."""
    paths, _, _ = _run_paths(_hipy._with_sym_globals(func), (arg,))
    return paths


def _sym_of_series(s):
    t = s._dtype_name()
    if t == "float64":
        return _Sym(s._e_expr(), "f", bk=_TX)
    if t == "int64":
        if len(s) == 0:
            raise _NotStaged()
        return _Sym(s._e_expr(), "i", int(s.min()), int(s.max()), bk=_TX)
    raise _NotStaged()


def _stage_series_udf(func, s):
    """`s.apply(func)` as a lazy Series, or None when it cannot be staged."""
    if not _stageable(func):
        return None
    try:
        arg = _sym_of_series(s)
        expr, dtype = _combine(_run_udf(func, arg))
    except _NotStaged:
        return None
    r = s._with_expr(expr)
    r._dt = dtype
    return r


class _SymRow:
    """A symbolic row for `DataFrame.apply(axis=1)`."""

    __slots__ = ("_cols",)

    def __init__(self, cols):
        self._cols = cols

    def __getitem__(self, key):
        try:
            return self._cols[key]
        except (KeyError, TypeError):
            raise _NotStaged()

    def __getattr__(self, name):
        cols = object.__getattribute__(self, "_cols")
        if name in cols:
            return cols[name]
        raise _NotStaged()

    def __bool__(self):
        raise _NotStaged()

    def __iter__(self):
        raise _NotStaged()


def _stage_row_udf(func, df):
    labels = [l for l in df._labels if isinstance(l, str)]
    if len(set(df._labels)) != len(df._labels) or not _stageable(func, labels):
        return None
    types = df._types()
    kind = _row_kind(types)
    try:
        cols = {}
        for l, n, t in zip(df._labels, df._names, types):
            s = Series._make(df._plan, _e.col(n), df._ix, l)
            if kind == "float64" and t in ("int64", "float64"):
                sym = _sym_of_series(s)
                cols[l] = _stage_float(sym) if sym.kind == "i" else sym
            elif t in ("int64", "float64"):
                # Object rows hold Python ints and floats as they are.
                cols[l] = _sym_of_series(s)
            elif t == "str" and kind == "object":
                if bool(s.isna().any()):
                    continue
                cols[l] = _Sym(_e.col(n), "s", bk=_TX)
        expr, dtype = _combine(_run_udf(func, _SymRow(cols)))
    except _NotStaged:
        return None
    r = Series._make(df._plan, expr, df._ix, None)
    r._dt = dtype
    return r
