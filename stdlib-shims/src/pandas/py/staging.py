# hipy's pandas: staging of UDFs (Snek's idea, HiPy's UDF compilation).
#
# `Series.apply(f)`, `map(f)` and `DataFrame.apply(f, axis=1)` first offer
# `f` to staging: `f` runs once per path on symbolic values, whose
# operators build column expressions; each `if` (a truth test of a
# symbolic comparison) forks the run, and the paths become one nested
# `where`. The result is a lazy column expression, computed in the plan
# with the table kernels, with no Python call per row.
#
# Staging applies only where it gives exactly what the Python loop would:
# - the function is pure: its code reads no global but abs/min/max/float,
#   touches no attribute but column names of a row, builds no nested
#   code, and closes over numbers only;
# - the values stay in float64/int64/bool/str arithmetic whose results the
#   kernels compute bit for bit as Python does: no division by a value
#   that may be zero, no powers but small integer ones, ints bounded so
#   no 64-bit overflow can occur (Python ints would not overflow);
# - the results of all paths have one pandas dtype.
# Anything else raises `_NotStaged` and the function runs in the Python
# loop (which hipy's JIT compiles).


class _NotStaged(Exception):
    pass


_STAGE_GLOBALS = frozenset(("abs", "min", "max", "float"))
_MAX_PATHS = 32
_MAX_DECISIONS = 16
_INT_LIMIT = 1 << 62
_EXACT_INT = 1 << 53


class _Tracer:
    def __init__(self, script):
        self.script = script
        self.pos = 0
        self.conds = []

    def decide(self, sym):
        if sym.kind != "b":
            raise _NotStaged()
        if self.pos >= _MAX_DECISIONS:
            raise _NotStaged()
        if self.pos < len(self.script):
            v = self.script[self.pos]
        else:
            v = True
            self.script.append(True)
        self.pos += 1
        self.conds.append((sym, v))
        return v


_tracer = [None]


def _const_kind(v):
    if isinstance(v, bool):
        return "b"
    if isinstance(v, int):
        return "i"
    if isinstance(v, float):
        return "f"
    if isinstance(v, str):
        return "s"
    return None


class _Sym:
    """A symbolic value: an expression over the plan, its kind (f float,
    i int, b bool, s str) and, for ints, bounds of its values."""

    __slots__ = ("e", "kind", "lo", "hi")
    __hash__ = None

    def __init__(self, e, kind, lo=None, hi=None):
        self.e = e
        self.kind = kind
        self.lo = lo
        self.hi = hi

    def __bool__(self):
        t = _tracer[0]
        if t is None:
            raise _NotStaged()
        return t.decide(self)

    def __getattr__(self, name):
        raise _NotStaged()

    def __iter__(self):
        raise _NotStaged()

    def __len__(self):
        raise _NotStaged()

    def __float__(self):
        raise _NotStaged()

    def __int__(self):
        raise _NotStaged()

    def __index__(self):
        raise _NotStaged()

    def __format__(self, spec):
        raise _NotStaged()

    def __repr__(self):
        raise _NotStaged()

    __str__ = __repr__


def _operand(x):
    """(expr, kind, lo, hi) of an operand."""
    if isinstance(x, _Sym):
        return x.e, x.kind, x.lo, x.hi
    k = _const_kind(x)
    if k is None or k == "b":
        raise _NotStaged()
    if k == "f" and x != x:
        raise _NotStaged()
    if k == "i":
        if abs(x) >= _INT_LIMIT:
            raise _NotStaged()
        return _e.lit(x), "i", x, x
    return _e.lit(x), k, None, None


def _arith(a, b, op):
    ea, ka, la, ha = _operand(a)
    eb, kb, lb, hb = _operand(b)
    if "s" in (ka, kb):
        if op == "+" and ka == kb == "s":
            return _Sym(ea.binary("+", eb), "s")
        raise _NotStaged()
    if "b" in (ka, kb):
        raise _NotStaged()
    if op == "/":
        if isinstance(b, _Sym) or b == 0:
            raise _NotStaged()
        if ka == "i" and max(abs(la), abs(ha)) >= _EXACT_INT:
            raise _NotStaged()
        return _Sym(ea.binary("/", eb), "f")
    if op == "**":
        if isinstance(b, _Sym) or not isinstance(b, int) or not (0 <= b <= 3):
            raise _NotStaged()
        if ka == "i":
            m = max(abs(la), abs(ha)) ** b
            if m >= _INT_LIMIT:
                raise _NotStaged()
            lo = 0 if (b % 2 == 0 and la < 0 < ha) else min(la ** b, ha ** b)
            return _Sym(ea.binary("**", eb), "i", lo, max(la ** b, ha ** b))
        return _Sym(ea.binary("**", eb), "f")
    if op not in ("+", "-", "*"):
        raise _NotStaged()
    if ka == "f" or kb == "f":
        return _Sym(ea.binary(op, eb), "f")
    if op == "+":
        lo, hi = la + lb, ha + hb
    elif op == "-":
        lo, hi = la - hb, ha - lb
    else:
        c = (la * lb, la * hb, ha * lb, ha * hb)
        lo, hi = min(c), max(c)
    if max(abs(lo), abs(hi)) >= _INT_LIMIT:
        raise _NotStaged()
    return _Sym(ea.binary(op, eb), "i", lo, hi)


def _compare(a, b, op):
    ea, ka, _, _ = _operand(a)
    eb, kb, _, _ = _operand(b)
    if ("s" in (ka, kb)) and ka != kb:
        raise _NotStaged()
    return _Sym(ea.binary(op, eb), "b")


def _install_operators():
    for name, op in (("add", "+"), ("sub", "-"), ("mul", "*"), ("truediv", "/"), ("pow", "**")):
        def fwd(self, other, op=op):
            return _arith(self, other, op)

        def rev(self, other, op=op):
            return _arith(other, self, op)
        setattr(_Sym, f"__{name}__", fwd)
        setattr(_Sym, f"__r{name}__", rev)
    for name in ("floordiv", "mod", "and", "or", "xor", "lshift", "rshift", "matmul"):
        def bad(self, other):
            raise _NotStaged()
        setattr(_Sym, f"__{name}__", bad)
        setattr(_Sym, f"__r{name}__", bad)
    for name, op in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")):
        def cmp(self, other, op=op):
            return _compare(self, other, op)
        setattr(_Sym, f"__{name}__", cmp)


_install_operators()


def _sym_neg(self):
    if self.kind == "f":
        return _Sym(self.e.unary("neg"), "f")
    if self.kind == "i":
        return _Sym(self.e.unary("neg"), "i", -self.hi, -self.lo)
    raise _NotStaged()


def _sym_abs(self):
    if self.kind == "f":
        return _Sym(self.e.unary("abs"), "f")
    if self.kind == "i":
        lo = 0 if self.lo <= 0 <= self.hi else min(abs(self.lo), abs(self.hi))
        return _Sym(self.e.unary("abs"), "i", lo, max(abs(self.lo), abs(self.hi)))
    raise _NotStaged()


def _sym_pos(self):
    if self.kind in ("f", "i"):
        return self
    raise _NotStaged()


_Sym.__neg__ = _sym_neg
_Sym.__abs__ = _sym_abs
_Sym.__pos__ = _sym_pos


def _stage_float(x):
    if isinstance(x, _Sym):
        if x.kind == "f":
            return x
        if x.kind == "i" and max(abs(x.lo), abs(x.hi)) < _EXACT_INT:
            return _Sym(x.e.cast("float64"), "f")
        raise _NotStaged()
    return float(x)


def _stageable(func, allowed_attrs=()):
    if not isinstance(func, _types.FunctionType):
        return False
    code = func.__code__
    if code.co_flags & 0x2C:  # *args, **kwargs, generator
        return False
    if code.co_argcount != 1 or code.co_kwonlyargcount:
        return False
    for n in code.co_names:
        if n not in _STAGE_GLOBALS and n not in allowed_attrs:
            return False
    for c in code.co_consts:
        if isinstance(c, _types.CodeType):
            return False
    if func.__closure__:
        for cell in func.__closure__:
            try:
                v = cell.cell_contents
            except ValueError:
                return False
            if _const_kind(v) is None:
                return False
    for n in code.co_names:
        if n in _STAGE_GLOBALS and n in func.__globals__:
            return False
    return True


def _run_paths(func, arg):
    """The function on a symbolic argument, along every path: a list of
    ([(condition, taken)], result)."""
    paths = []
    script = []
    g = func.__globals__
    builtins_float = float
    for _ in range(_MAX_PATHS):
        t = _Tracer(script)
        _tracer[0] = t
        try:
            result = func(arg)
        except _NotStaged:
            raise
        except Exception:
            raise _NotStaged()
        finally:
            _tracer[0] = None
        paths.append((t.conds, result))
        script = list(t.script[: t.pos])
        while script and script[-1] is False:
            script.pop()
        if not script:
            return paths
        script[-1] = False
    raise _NotStaged()


def _result_kind(r):
    if isinstance(r, _Sym):
        return r.kind
    k = _const_kind(r)
    if k is None or (k == "f" and r != r):
        raise _NotStaged()
    return k


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

    def build(items, depth):
        # items: paths sharing the first `depth` decisions.
        conds, r = items[0]
        if len(conds) == depth:
            return leaf(r)
        cond = conds[depth][0]
        yes = [p for p in items if p[0][depth][1]]
        no = [p for p in items if not p[0][depth][1]]
        if not yes or not no:
            raise _NotStaged()
        return cond.e.where(build(yes, depth + 1), build(no, depth + 1))

    return build(paths, 0), dtype


def _sym_of_series(s):
    t = s._dtype_name()
    if t == "float64":
        return _Sym(s._e_expr(), "f")
    if t == "int64":
        if len(s) == 0:
            raise _NotStaged()
        return _Sym(s._e_expr(), "i", int(s.min()), int(s.max()))
    raise _NotStaged()


def _stage_series_udf(func, s):
    """`s.apply(func)` as a lazy Series, or None when it cannot be staged."""
    if not _stageable(func):
        return None
    try:
        arg = _sym_of_series(s)
        expr, dtype = _combine(_run_paths(func, arg))
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
                if kind == "object":
                    # Object rows hold Python ints and floats as they are.
                    cols[l] = _sym_of_series(s)
                else:
                    cols[l] = _sym_of_series(s)
            elif t == "str" and kind == "object":
                if bool(s.isna().any()):
                    continue
                cols[l] = _Sym(_e.col(n), "s")
        expr, dtype = _combine(_run_paths(func, _SymRow(cols)))
    except _NotStaged:
        return None
    r = Series._make(df._plan, expr, df._ix, None)
    r._dt = dtype
    return r
