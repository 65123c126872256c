# hipy's pandas: Series.
#
# A Series is an expression over the rows of a plan, with an index that
# lives in the same plan (columns), or a range. Two Series over the same
# plan and index combine into one expression, so `df["a"] * df["b"]` and
# a filter on it stay one lazy plan; Series over different rows are
# aligned on their index, as pandas does. Values are computed when seen.

# -- index specs ---------------------------------------------------------
# ("range", start, step, name) or ("cols", (plan column names), (labels))


def _ix_cols(ix):
    return list(ix[1]) if ix[0] == "cols" else []


def _ix_names(ix):
    return [ix[3]] if ix[0] == "range" else list(ix[2])


def _ix_index(plan, ix):
    if ix[0] == "range":
        return RangeIndex._make(ix[1], ix[2], plan.num_rows(), ix[3])
    cols, names = ix[1], ix[2]
    if len(cols) == 1:
        if len(ix) > 3 and ix[3]:
            # Rows of a RangeIndex (filtered, sorted, taken) that still form
            # a range print as one, as pandas keeps them.
            c = plan.collect([cols[0]])[0]
            r = _as_range(c)
            if r is not None:
                return RangeIndex(r, name=names[0])
            return Index._from_column(c, names[0])
        return Index._from_plan(plan, cols[0], names[0])
    return MultiIndex._from_plan_cols(plan, cols, names)


def _ix_concrete(plan, ix):
    """The index as plan columns (a range becomes row numbers), so that
    rows can be filtered, sorted or joined."""
    if ix[0] == "range":
        c = _e.fresh("index" if ix[3] is None else str(ix[3]))
        plan = plan.with_columns([c], [_e.row_index(ix[1], ix[2])])
        return plan, ("cols", (c,), (ix[3],), True)
    return plan, ix


def _as_range(col):
    """The range an int column's values form, if they do."""
    if col.dtype != "int64":
        return None
    v = col.tolist()
    if not v:
        return range(0, 0)
    if len(v) == 1:
        return range(v[0], v[0] + 1)
    step = v[1] - v[0]
    if step == 0:
        return None
    for i in range(2, len(v)):
        if v[i] - v[i - 1] != step:
            return None
    return range(v[0], v[-1] + step, step)


def _ix_sliced(ix, start):
    """The index of rows start.. of a frame (a range shifts)."""
    if ix[0] == "range":
        return ("range", ix[1] + ix[2] * start, ix[2], ix[3])
    return ix


def _ix_renamed(ix, names):
    if ix[0] == "range":
        return ("range", ix[1], ix[2], names[0])
    return ("cols", ix[1], tuple(names)) + tuple(ix[3:])


def _index_source(index, n):
    """Source columns and spec for an index given to a constructor."""
    if index is None:
        return [], [], ("range", 0, 1, None)
    if isinstance(index, RangeIndex):
        if len(index) != n:
            raise ValueError(f"Length of values ({n}) does not match length of index ({len(index)})")
        return [], [], ("range", index.start, index.step, index.name)
    if not isinstance(index, Index):
        index = _ensure_index(index)
    if len(index) != n:
        raise ValueError(f"Length of values ({n}) does not match length of index ({len(index)})")
    cols = index._columns()
    names = list(index.names)
    pnames = [_e.fresh("index" if nm is None else str(nm)) for nm in names]
    return pnames, cols, ("cols", tuple(pnames), tuple(names))


def _same_rows(a, b):
    return a._plan.id == b._plan.id and a._ix == b._ix


def _names_equal(a, b):
    if a is b:
        return True
    try:
        return bool(a == b)
    except Exception:
        return False


def _result_name(a, b):
    return a.name if _names_equal(a.name, b.name) else None


def _len_error(n, m):
    return ValueError(f"Length of values ({m}) does not match length of index ({n})")


class Series:
    __module__ = "pandas"
    _is_frame = False

    def __init__(self, data=None, index=None, dtype=None, name=None, copy=None):
        dname = _dtype_name(dtype)
        if isinstance(data, Series):
            if index is not None:
                s = data.reindex(index)
                self._init_from(s._plan, s._e_expr(), s._ix, s.name if name is None else name)
            else:
                self._init_from(data._plan, data._e_expr(), data._ix, data.name if name is None else name)
            if dname is not None:
                self._expr = self._expr.cast(dname)
            return
        if isinstance(data, DataFrame):
            raise _unsupported("Series of a DataFrame")
        if isinstance(data, dict):
            if index is not None:
                keys = list(index)
                vals = [data.get(k, float("nan")) for k in keys]
            else:
                keys = list(data.keys())
                vals = list(data.values())
                index = Index(keys) if keys else RangeIndex(0)
            data = vals
        if data is None:
            data = [] if index is None else [float("nan")] * len(index)
            if dname is None and index is None:
                dname = "object"
        elif _is_scalar(data):
            n = 1 if index is None else len(index)
            data = [data] * n
        if isinstance(data, Index):
            col = data._column()
        elif isinstance(data, _ndarray):
            if data.ndim != 1:
                raise ValueError(f"Data must be 1-dimensional, got ndarray of shape {data.shape} instead")
            col = data
        else:
            if not isinstance(data, (list, tuple)):
                data = list(data)
            col = _e.column(data, dname)
            dname = None
        n = len(col)
        pnames, pcols, ix = _index_source(index, n)
        v = _e.fresh("values" if name is None else str(name))
        plan = _e.source(pnames + [v], pcols + [col], n)
        expr = _e.col(v)
        if dname is not None:
            expr = expr.cast(dname)
        self._init_from(plan, expr, ix, name)

    def _init_from(self, plan, expr, ix, name, vals=None):
        self._plan = plan
        self._expr = expr
        self._ix = ix
        self._name = name
        self._vals = vals
        self._ixc = None
        self._dt = None

    @classmethod
    def _make(cls, plan, expr, ix, name, vals=None):
        s = object.__new__(Series)
        s._init_from(plan, expr, ix, name, vals)
        return s

    @classmethod
    def _from_column(cls, col, name=None, index=None):
        n = len(col)
        pnames, pcols, ix = _index_source(index, n)
        v = _e.fresh("values")
        plan = _e.source(pnames + [v], pcols + [col], n)
        return cls._make(plan, _e.col(v), ix, name, col)

    # -- data -------------------------------------------------------------
    def _e_expr(self):
        """The values as an expression over the plan (computed values
        are used as they are)."""
        if self._vals is not None and self._expr.column_name() is None:
            return _e.data(self._vals)
        return self._expr

    def _force_all(self):
        """Values and index columns, computed together and kept."""
        if self._vals is not None and (self._ixc is not None or self._ix[0] == "range"):
            return
        ixc = _ix_cols(self._ix)
        c = self._expr.column_name() if self._vals is None else None
        plan = self._plan
        if c is None:
            c = _e.fresh("v")
            plan = plan.with_columns([c], [self._e_expr()])
        cols = plan.collect(ixc + [c])
        self._vals = cols[-1]
        self._ixc = cols[:-1]

    def _values_col(self):
        if self._vals is None:
            c = self._expr.column_name()
            if c is not None:
                self._vals = self._plan.collect([c], True)[0]
            else:
                t = _e.fresh("v")
                self._vals = self._plan.with_columns([t], [self._expr]).collect([t])[0]
        return self._vals

    def _with_values(self, values, name=_no_default):
        """A Series of the same rows holding new values (a list or Column)."""
        col = values if isinstance(values, _e.Column) else _e.column(values, None)
        if len(col) != len(self):
            raise _len_error(len(self), len(col))
        return Series._make(self._plan, _e.data(col), self._ix, self._name if name is _no_default else name, col)

    def _with_expr(self, expr, name=_no_default):
        return Series._make(self._plan, expr, self._ix, self._name if name is _no_default else name)

    def _take_rows(self, a, b):
        """Values and index levels of rows a..b, for printing."""
        n = len(self)
        if self._vals is not None and self._ix[0] == "range":
            vals = [self._vals.item(i) for i in range(a, b)]
            return vals, self.index._levels_for_display(list(range(a, b)))
        if self._vals is not None and self._ixc is not None:
            vals = [self._vals.item(i) for i in range(a, b)]
            levels = [([col.item(i) for i in range(a, b)], col.dtype, nm, None) for col, nm in zip(self._ixc, self._ix[2])]
            return vals, levels
        plan = self._plan.slice(a, b - a) if (a, b) != (0, n) else self._plan
        ixc = _ix_cols(self._ix)
        c = self._expr.column_name()
        if c is None:
            c = _e.fresh("v")
            plan = plan.with_columns([c], [self._e_expr()])
        cols = plan.collect(ixc + [c])
        vals = cols[-1].tolist()
        if self._ix[0] == "range":
            levels = [(list(range(self._ix[1] + self._ix[2] * a, self._ix[1] + self._ix[2] * b, self._ix[2])),
                       "int64", self._ix[3], (self._ix[1] + self._ix[2] * a, self._ix[2]))]
        else:
            levels = [(col.tolist(), col.dtype, nm, None) for col, nm in zip(cols[:-1], self._ix[2])]
        return vals, levels

    def _dtype_name(self):
        if self._dt is None:
            if self._vals is not None:
                self._dt = self._vals.dtype
            else:
                c = self._expr.column_name()
                if c is not None:
                    names = self._plan.names()
                    t = self._plan.types()[names.index(c)]
                else:
                    t = self._plan.with_columns(["_t"], [self._expr]).types()[-1]
                self._dt = t if t is not None else self._values_col().dtype
        return self._dt

    @property
    def dtype(self):
        return _dtype_obj(self._dtype_name())

    dtypes = dtype

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, value):
        self._name = value

    @property
    def index(self):
        return _ix_index(self._plan, self._ix)

    @index.setter
    def index(self, value):
        s = self.set_axis(value)
        self._init_from(s._plan, s._expr, s._ix, self._name, s._vals)

    def __len__(self):
        if self._vals is not None:
            return len(self._vals)
        n = self._plan.known_rows()
        if n is None:
            self._force_all()
            return len(self._vals)
        return n

    @property
    def size(self):
        return len(self)

    @property
    def shape(self):
        return (len(self),)

    @property
    def ndim(self):
        return 1

    @property
    def empty(self):
        return len(self) == 0

    @property
    def axes(self):
        return [self.index]

    @property
    def values(self):
        return self.to_numpy()

    @property
    def array(self):
        return self.to_numpy()

    def to_numpy(self, dtype=None, copy=False, na_value=_no_default):
        c = self._values_col()
        if c.dtype in ("str", "object"):
            raise _unsupported("Series.to_numpy of str or object values (NumPy object arrays)")
        a = c.to_numpy()
        return a.astype(dtype) if dtype is not None else a

    def __array__(self, dtype=None, copy=None):
        return self.to_numpy(dtype)

    def tolist(self):
        return self._values_col().tolist()

    to_list = tolist

    def __iter__(self):
        return iter(self.tolist())

    def items(self):
        return zip(iter(self.index), iter(self))

    def keys(self):
        return self.index

    def to_dict(self, into=dict):
        return into(zip(self.index.tolist(), self.tolist()))

    def to_frame(self, name=_no_default):
        n = self._name if name is _no_default else name
        if n is None:
            n = 0
        return DataFrame._make(self._plan, [n], [None], self._ix, exprs=[self._e_expr()])

    def copy(self, deep=True):
        return Series._make(self._plan, self._expr, self._ix, self._name, self._vals)

    def __bool__(self):
        raise ValueError(
            "The truth value of a Series is ambiguous. Use a.empty, a.bool(), a.item(), a.any() or a.all()."
        )

    def item(self):
        if len(self) != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return self._values_col().item(0)

    def _hipy_explain(self):
        c = self._expr.column_name()
        plan = self._plan
        if c is None:
            c = _e.fresh("values")
            plan = plan.with_columns([c], [self._e_expr()])
        return plan.explain(_ix_cols(self._ix) + [c]).rstrip("\n")

    # -- printing -----------------------------------------------------------
    def __repr__(self):
        h = _terminal_size()[1]
        mr = get_option("display.max_rows")
        return _series_to_string(
            self, name=True, dtype=True, length=get_option("display.show_dimensions"),
            max_rows=h if mr == 0 else mr, min_rows=h if mr == 0 else get_option("display.min_rows"),
        )

    __str__ = __repr__

    def to_string(self, buf=None, na_rep="NaN", float_format=None, header=True, index=True,
                  length=False, dtype=False, name=False, max_rows=None, min_rows=None):
        if na_rep != "NaN" or float_format is not None:
            raise _unsupported("Series.to_string(na_rep=/float_format=)")
        text = _series_to_string(self, length=length, dtype=dtype, name=name,
                                 max_rows=max_rows, min_rows=min_rows, index=index, header=header)
        if buf is not None:
            buf.write(text)
            return None
        return text

    # -- operators -------------------------------------------------------------
    def _operand(self, other, op):
        """(plan, ix, left expr, right expr, name) for `self op other`."""
        if isinstance(other, Series):
            if _same_rows(self, other):
                return self._plan, self._ix, self._e_expr(), other._e_expr(), _result_name(self, other)
            comparison = op in ("==", "!=", "<", "<=", ">", ">=")
            plan, ix, ea, eb = _align_pair(self, other, comparison)
            return plan, ix, ea, eb, _result_name(self, other)
        if isinstance(other, (list, tuple, _ndarray, Index, range)):
            col = _column_of(other if isinstance(other, _ndarray) else list(other))
            if len(col) != len(self):
                if op in ("==", "!=", "<", "<=", ">", ">="):
                    raise ValueError("Lengths must match to compare")
                raise ValueError(f"Lengths must match")
            return self._plan, self._ix, self._e_expr(), _e.data(col), self._name
        if isinstance(other, DataFrame):
            return None
        if _is_scalar(other):
            return self._plan, self._ix, self._e_expr(), _e.lit(other), self._name
        return None

    def _binop(self, other, op, reverse=False):
        r = self._operand(other, op)
        if r is None:
            return NotImplemented
        plan, ix, a, b, name = r
        if op in ("==", "!=", "<", "<=", ">", ">=") and self._static_dtype() == "str" and not isinstance(other, (Series, list, tuple, _ndarray, Index, range)) and not isinstance(other, str):
            if other is None or _isna_scalar(other):
                pass
            elif op not in ("==", "!="):
                raise TypeError(f"Invalid comparison between dtype=str and {type(other).__name__}")
        ta = self._static_dtype()
        if isinstance(other, Series):
            tb, desc = other._static_dtype(), f"dtype '{other._static_dtype()}'"
        elif isinstance(other, str):
            tb, desc = "str", "object of type <class 'str'>"
        else:
            tb, desc = None, f"object of type {type(other)}"
        if ta == "str" or tb == "str":
            _check_str_op(op, ta, tb, desc, reverse)
        expr = b.binary(op, a) if reverse else a.binary(op, b)
        r = Series._make(plan, expr, ix, name)
        r._static_dtype()
        return r

    def _is_bool(self):
        t = self._static_dtype()
        return (t if t is not None else self._dtype_name()) == "bool"

    def _static_dtype(self):
        """The dtype if known without computing anything (else None);
        building it checks the operand types, as pandas does at once."""
        if self._dt is not None:
            return self._dt
        if self._vals is not None:
            return self._vals.dtype
        c = self._expr.column_name()
        if c is not None:
            return self._plan.types()[self._plan.names().index(c)]
        return self._plan.with_columns(["_t"], [self._expr]).types()[-1]

    def __add__(self, o):
        return self._binop(o, "+")

    def __radd__(self, o):
        return self._binop(o, "+", True)

    def __sub__(self, o):
        return self._binop(o, "-")

    def __rsub__(self, o):
        return self._binop(o, "-", True)

    def __mul__(self, o):
        return self._binop(o, "*")

    def __rmul__(self, o):
        return self._binop(o, "*", True)

    def __truediv__(self, o):
        return self._binop(o, "/")

    def __rtruediv__(self, o):
        return self._binop(o, "/", True)

    def __floordiv__(self, o):
        return self._binop(o, "//")

    def __rfloordiv__(self, o):
        return self._binop(o, "//", True)

    def __mod__(self, o):
        return self._binop(o, "%")

    def __rmod__(self, o):
        return self._binop(o, "%", True)

    def __pow__(self, o):
        return self._binop(o, "**")

    def __rpow__(self, o):
        return self._binop(o, "**", True)

    def __eq__(self, o):
        return self._binop(o, "==")

    def __ne__(self, o):
        return self._binop(o, "!=")

    def __lt__(self, o):
        return self._binop(o, "<")

    def __le__(self, o):
        return self._binop(o, "<=")

    def __gt__(self, o):
        return self._binop(o, ">")

    def __ge__(self, o):
        return self._binop(o, ">=")

    def __and__(self, o):
        return self._binop(o, "&")

    def __rand__(self, o):
        return self._binop(o, "&", True)

    def __or__(self, o):
        return self._binop(o, "|")

    def __ror__(self, o):
        return self._binop(o, "|", True)

    def __xor__(self, o):
        return self._binop(o, "^")

    def __rxor__(self, o):
        return self._binop(o, "^", True)

    __hash__ = None

    def _unary(self, op, symbol):
        if self._static_dtype() == "str":
            raise TypeError(f"unary '{symbol}' not supported for dtype 'str'")
        r = self._with_expr(self._e_expr().unary(op))
        r._static_dtype()
        return r

    def __neg__(self):
        return self._unary("neg", "-")

    def __pos__(self):
        return self.copy()

    def __invert__(self):
        return self._unary("invert", "~")

    def __abs__(self):
        return self._unary("abs", "abs")

    def abs(self):
        return self.__abs__()

    def _method_op(self, other, op, fill_value=None, reverse=False):
        if fill_value is not None:
            raise _unsupported("Series arithmetic methods with fill_value")
        return self._binop(other, op, reverse)

    def add(self, other, fill_value=None):
        return self._method_op(other, "+", fill_value)

    def sub(self, other, fill_value=None):
        return self._method_op(other, "-", fill_value)

    subtract = sub

    def mul(self, other, fill_value=None):
        return self._method_op(other, "*", fill_value)

    multiply = mul

    def div(self, other, fill_value=None):
        return self._method_op(other, "/", fill_value)

    truediv = divide = div

    def floordiv(self, other, fill_value=None):
        return self._method_op(other, "//", fill_value)

    def mod(self, other, fill_value=None):
        return self._method_op(other, "%", fill_value)

    def pow(self, other, fill_value=None):
        return self._method_op(other, "**", fill_value)

    def radd(self, other, fill_value=None):
        return self._method_op(other, "+", fill_value, True)

    def rsub(self, other, fill_value=None):
        return self._method_op(other, "-", fill_value, True)

    def rmul(self, other, fill_value=None):
        return self._method_op(other, "*", fill_value, True)

    def rdiv(self, other, fill_value=None):
        return self._method_op(other, "/", fill_value, True)

    rtruediv = rdiv

    def eq(self, other):
        return self._binop(other, "==")

    def ne(self, other):
        return self._binop(other, "!=")

    def lt(self, other):
        return self._binop(other, "<")

    def le(self, other):
        return self._binop(other, "<=")

    def gt(self, other):
        return self._binop(other, ">")

    def ge(self, other):
        return self._binop(other, ">=")

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        name = getattr(ufunc, "__name__", str(ufunc))
        unary = ("sqrt", "exp", "log", "log10", "log2", "sin", "cos", "tan", "abs", "absolute",
                 "floor", "ceil", "negative", "isnan", "square", "rint", "trunc", "sign")
        if method == "__call__" and len(inputs) == 1 and name in unary and not kwargs:
            vals = self.to_numpy()
            return self._with_values(_e.column_from_array(ufunc(vals)))
        raise _unsupported(f"numpy.{name} of a Series")

    # -- missing values -----------------------------------------------------
    def isna(self):
        return self._with_expr(self._e_expr().unary("isna"))

    isnull = isna

    def notna(self):
        return self._with_expr(self._e_expr().unary("notna"))

    notnull = notna

    def hasnans(self):
        return bool(self.isna().any())

    def fillna(self, value=None, method=None, axis=None, inplace=False, limit=None):
        if method is not None or limit is not None:
            raise _unsupported("Series.fillna(method=/limit=)")
        if isinstance(value, (dict, Series)):
            raise _unsupported("Series.fillna with a dict or Series")
        dt = self._dtype_name()
        if (dt == "str" and not isinstance(value, str)) or dt == "object":
            vals = [value if _isna_scalar(v) else v for v in self.tolist()]
            return self._inplace(self._with_values(_e.column(vals, "object" if dt == "object" or not isinstance(value, str) else None)), inplace)
        r = self._with_expr(self._e_expr().fillna(value))
        return self._inplace(r, inplace)

    def _inplace(self, r, inplace):
        if inplace:
            self._init_from(r._plan, r._expr, r._ix, r._name, r._vals)
            return None
        return r

    def dropna(self, axis=0, inplace=False, how=None, ignore_index=False):
        r = self._filter(self._e_expr().unary("notna"))
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def ffill(self, limit=None):
        return self._fill_direction(True, limit)

    def bfill(self, limit=None):
        return self._fill_direction(False, limit)

    def _fill_direction(self, forward, limit):
        if limit is not None:
            raise _unsupported("Series.ffill/bfill(limit=)")
        vals = self.tolist()
        rng = range(len(vals)) if forward else range(len(vals) - 1, -1, -1)
        last = None
        have = False
        out = list(vals)
        for i in rng:
            v = vals[i]
            if _isna_scalar(v):
                if have:
                    out[i] = last
            else:
                last, have = v, True
        return self._with_values(_e.column(out, self._dtype_name() if self._dtype_name() != "object" else None))

    # -- selection ------------------------------------------------------------
    def _filter(self, pred):
        """Rows where `pred` (an expression over the plan) holds."""
        plan, ix = _ix_concrete(self._plan, self._ix)
        plan = plan.filter(pred)
        return Series._make(plan, self._e_expr(), ix, self._name)

    def _take_positions(self, pos):
        """Rows at positions (a list of ints)."""
        n = len(self)
        pos = [p + n if p < 0 else p for p in pos]
        for p in pos:
            if p < 0 or p >= n:
                raise IndexError("positional indexers are out-of-bounds")
        plan, ix = _ix_concrete(self._plan, self._ix)
        t = _e.fresh("v")
        cols = _ix_cols(ix)
        full = plan.with_columns([t], [self._e_expr()]).collect(cols + [t])
        taken = [c.take(pos) for c in full]
        return Series._from_parts(taken[:-1], ix, taken[-1], self._name)

    @classmethod
    def _from_parts(cls, ix_cols, ix, vals, name):
        """A Series of computed index columns (named as in `ix`) and values."""
        n = len(vals)
        v = _e.fresh("values")
        names = list(ix[1]) if ix[0] == "cols" else []
        plan = _e.source(names + [v], list(ix_cols) + [vals], n)
        return cls._make(plan, _e.col(v), ix, name, vals)

    def _slice_rows(self, start, stop, step=1):
        if step == 1 and (start is None or start >= 0) and stop is not None and stop >= 0 \
                and self._plan.known_rows() is None and (not hasattr(self, "_vals") or self._vals is None):
            # head(k) of rows not counted yet: a lazy slice (a top-k after a sort).
            a = start or 0
            return self._sliced(a, max(stop - a, 0))
        n = len(self)
        start, stop, step = slice(start, stop, step).indices(n)
        if step != 1:
            return self._take_positions(list(range(start, stop, step)))
        m = max(stop - start, 0)
        return Series._make(self._plan.slice(start, m), self._e_expr() if self._vals is None else _e.data(self._vals.slice(start, stop)),
                            _ix_sliced(self._ix, start), self._name,
                            self._vals.slice(start, stop) if self._vals is not None else None)

    def _sliced(self, a, m):
        return Series._make(self._plan.slice(a, m), self._e_expr(), _ix_sliced(self._ix, a), self._name)

    def head(self, n=5):
        if n < 0:
            n = max(len(self) + n, 0)
        return self._slice_rows(0, n)

    def tail(self, n=5):
        m = len(self)
        if n < 0:
            n = max(m + n, 0)
        return self._slice_rows(max(m - n, 0), m)

    def _is_int_index(self):
        if self._ix[0] == "range":
            return True
        return self.index.dtype == _np.dtype("int64") if len(self._ix[1]) == 1 else False

    def __getitem__(self, key):
        if isinstance(key, tuple):
            raise _unsupported("Series.__getitem__ with a tuple")
        if isinstance(key, slice):
            if _is_int_slice(key) or self._is_int_index():
                return self._slice_rows(key.start, key.stop, key.step or 1)
            return self.loc[key]
        if isinstance(key, Series) and key._is_bool():
            return self._bool_index(key)
        if isinstance(key, (list, _ndarray, Index)):
            vals = key.tolist() if not isinstance(key, list) else key
            if vals and all(isinstance(v, (bool, _np.bool_)) for v in vals):
                return self._bool_index(key)
            return self.loc[key]
        return self.loc[key]

    def _bool_index(self, key):
        if isinstance(key, Series):
            if _same_rows(self, key):
                return self._filter(key._e_expr())
            if not key.index.equals(self.index):
                raise IndexingError("Unalignable boolean Series provided as indexer (index of the boolean Series and of the indexed object do not match).")
            col = key._values_col()
        else:
            col = _column_of(key if isinstance(key, _ndarray) else list(key))
            if len(col) != len(self):
                raise IndexError(f"Boolean index has wrong length: {len(col)} instead of {len(self)}")
        return self._filter(_e.data(col))

    def __setitem__(self, key, value):
        self.loc[key] = value

    @property
    def loc(self):
        return _LocIndexer(self)

    @property
    def iloc(self):
        return _iLocIndexer(self)

    @property
    def at(self):
        return _LocIndexer(self)

    @property
    def iat(self):
        return _iLocIndexer(self)

    def get(self, key, default=None):
        try:
            return self[key]
        except (KeyError, IndexError):
            return default

    def __contains__(self, key):
        return key in self.index

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name == "str":
            raise AttributeError(_str_accessor_message(self._dtype_name()))
        if name in _SERIES_UNSUPPORTED:
            raise _unsupported(f"Series.{name}")
        raise AttributeError(f"'Series' object has no attribute '{name}'")

    # -- computation ------------------------------------------------------------
    def _reduce(self, op, skipna=True, ddof=1, min_count=0, numeric_only=False):
        if not skipna and op in ("sum", "mean", "min", "max", "std", "var", "median", "prod") and self._dtype_name() == "float64":
            if self.isna().any():
                return _np.float64(float("nan"))
        return self._values_col().reduce(op, ddof, min_count, True)

    def sum(self, axis=None, skipna=True, numeric_only=False, min_count=0):
        return self._reduce("sum", skipna, min_count=min_count)

    def prod(self, axis=None, skipna=True, numeric_only=False, min_count=0):
        return self._reduce("prod", skipna, min_count=min_count)

    product = prod

    def mean(self, axis=None, skipna=True, numeric_only=False):
        return self._reduce("mean", skipna)

    def median(self, axis=None, skipna=True, numeric_only=False):
        return self._reduce("median", skipna)

    def min(self, axis=None, skipna=True, numeric_only=False):
        return self._reduce("min", skipna)

    def max(self, axis=None, skipna=True, numeric_only=False):
        return self._reduce("max", skipna)

    def std(self, axis=None, skipna=True, ddof=1, numeric_only=False):
        return self._reduce("std", skipna, ddof)

    def var(self, axis=None, skipna=True, ddof=1, numeric_only=False):
        return self._reduce("var", skipna, ddof)

    def count(self):
        return self._values_col().reduce("count", 1, 0, True)

    def nunique(self, dropna=True):
        if not dropna:
            raise _unsupported("Series.nunique(dropna=False)")
        return int(self._values_col().reduce("nunique", 1, 0, False))

    def any(self, axis=0, bool_only=False, skipna=True):
        return bool(self._values_col().reduce("any", 1, 0, False))

    def all(self, axis=0, bool_only=False, skipna=True):
        return bool(self._values_col().reduce("all", 1, 0, False))

    def quantile(self, q=0.5, interpolation="linear"):
        if interpolation != "linear":
            raise _unsupported("Series.quantile(interpolation=...)")
        if _is_list_like(q):
            qs = list(q)
            vals = [self._values_col().quantile(float(x)) for x in qs]
            return Series(vals, index=Index(qs), name=self._name)
        return self._values_col().quantile(float(q))

    def idxmax(self, axis=0, skipna=True):
        p = int(self._values_col().reduce("argmax", 1, 0, False))
        if p < 0:
            raise ValueError("attempt to get argmax of an empty sequence")
        return self.index.tolist()[p]

    def idxmin(self, axis=0, skipna=True):
        p = int(self._values_col().reduce("argmin", 1, 0, False))
        if p < 0:
            raise ValueError("attempt to get argmin of an empty sequence")
        return self.index.tolist()[p]

    def argmax(self):
        return int(self._values_col().reduce("argmax", 1, 0, False))

    def argmin(self):
        return int(self._values_col().reduce("argmin", 1, 0, False))

    def agg(self, func=None, axis=0, *args, **kwargs):
        if isinstance(func, str):
            return getattr(self, func)()
        if callable(func):
            return func(self)
        if isinstance(func, (list, tuple)):
            names = [f if isinstance(f, str) else f.__name__ for f in func]
            vals = [self.agg(f) for f in func]
            return Series(vals, index=Index(names), name=self._name)
        raise _unsupported("Series.agg with this argument")

    aggregate = agg

    def round(self, decimals=0):
        return self._with_expr(self._e_expr().round(decimals))

    def astype(self, dtype, copy=None, errors="raise"):
        d = _dtype_name(dtype)
        if d == self._dtype_name():
            return self.copy()
        if d == "object":
            return self._with_values(self._values_col().cast("object"))
        r = self._with_expr(self._e_expr().cast(d))
        if (d == "int64" and self._dtype_name() != "bool") or (d == "float64" and self._dtype_name() in ("str", "object")):
            # The cast can fail on the data: pandas raises here, not later.
            r._values_col()
        return r

    def isin(self, values):
        if isinstance(values, (Series, Index)):
            values = values.tolist()
        elif isinstance(values, _ndarray):
            values = values.tolist()
        elif isinstance(values, (set, frozenset, dict)):
            values = list(values)
        elif not isinstance(values, (list, tuple)):
            raise TypeError(f"only list-like objects are allowed to be passed to isin(), you passed a `{type(values).__name__}`")
        return self._with_expr(self._e_expr().isin(list(values)))

    def between(self, left, right, inclusive="both"):
        lo = self >= left if inclusive in ("both", "left") else self > left
        hi = self <= right if inclusive in ("both", "right") else self < right
        return lo & hi

    def where(self, cond, other=_no_default, inplace=False, axis=None, level=None):
        if callable(cond):
            cond = cond(self)
        c = self._cond_expr(cond)
        o = _e.lit(float("nan")) if other is _no_default else self._other_expr(other)
        dt = self._dtype_name()
        if other is _no_default and dt in ("int64", "bool") and self._cond_all(cond):
            return self._inplace(self.copy(), inplace)
        r = self._with_expr(c.where(self._e_expr(), o))
        return self._inplace(r, inplace)

    def mask(self, cond, other=_no_default, inplace=False):
        if callable(cond):
            cond = cond(self)
        if isinstance(cond, Series):
            inv = ~cond
        else:
            inv = [not bool(x) for x in (cond.tolist() if isinstance(cond, _ndarray) else cond)]
        return self.where(inv, other, inplace=inplace)

    def _cond_expr(self, cond):
        if isinstance(cond, Series):
            if _same_rows(self, cond):
                return cond._e_expr()
            if not cond.index.equals(self.index):
                raise _unsupported("Series.where with a condition on another index")
            return _e.data(cond._values_col())
        col = _column_of(cond if isinstance(cond, _ndarray) else list(cond))
        if len(col) != len(self):
            raise ValueError("Array conditional must be same shape as self")
        return _e.data(col)

    def _cond_all(self, cond):
        if isinstance(cond, Series):
            return bool(cond.all())
        return all(bool(x) for x in (cond.tolist() if isinstance(cond, _ndarray) else cond))

    def _other_expr(self, other):
        if isinstance(other, Series):
            if _same_rows(self, other):
                return other._e_expr()
            return _e.data(other.reindex(self.index)._values_col())
        if _is_scalar(other):
            return _e.lit(other)
        return _e.data(_column_of(other if isinstance(other, _ndarray) else list(other)))

    def clip(self, lower=None, upper=None, inplace=False):
        r = self
        if lower is not None:
            r = r.where((r >= lower) | r.isna(), lower)
        if upper is not None:
            r = r.where((r <= upper) | r.isna(), upper)
        return self._inplace(r, inplace)

    def replace(self, to_replace=None, value=_no_default, inplace=False, regex=False):
        if regex:
            raise _unsupported("Series.replace(regex=True)")
        if isinstance(to_replace, dict) and value is _no_default:
            pairs = list(to_replace.items())
        elif isinstance(to_replace, (list, tuple)):
            vals = value if isinstance(value, (list, tuple)) else [value] * len(to_replace)
            pairs = list(zip(to_replace, vals))
        else:
            pairs = [(to_replace, value)]
        vals = self.tolist()
        out = []
        for v in vals:
            for a, b in pairs:
                if v == a or (_isna_scalar(v) and _isna_scalar(a)):
                    v = b
                    break
            out.append(v)
        dt = self._dtype_name()
        col = _e.column(out, None)
        if dt == "str" and col.dtype == "object":
            pass
        return self._inplace(self._with_values(col), inplace)

    def apply(self, func, convert_dtype=None, args=(), *, by_row="compat", **kwargs):
        if isinstance(func, str):
            return getattr(self, func)(*args, **kwargs)
        if isinstance(func, (list, tuple, dict)):
            raise _unsupported("Series.apply with a list or dict of functions")
        if not args and not kwargs and _STAGING:
            staged = self._stage_udf(func)
            if staged is not None:
                return staged
        vals = self._values_col().tolist()
        if args or kwargs:
            out = [func(v, *args, **kwargs) for v in vals]
        else:
            out = _apply_loop(func, vals)
        return self._udf_result(out)

    def _stage_udf(self, func):
        if self._dtype_name() == "object":
            return _stage_list_udf(func, self)
        return _stage_series_udf(func, self)

    def _udf_result(self, out):
        if out and isinstance(out[0], Series):
            raise _unsupported("Series.apply returning Series (a DataFrame)")
        return self._with_values(_e.column(out, None))

    def map(self, arg, na_action=None):
        vals = self._values_col().tolist()
        if isinstance(arg, Series):
            lookup = dict(zip(arg.index.tolist(), arg.tolist()))
            nan = float("nan")
            out = [lookup.get(v, nan) for v in vals]
        elif isinstance(arg, dict):
            nan = float("nan")
            if hasattr(arg, "__missing__"):
                out = [arg[v] for v in vals]
            else:
                out = [arg.get(v, nan) for v in vals]
        elif callable(arg):
            if na_action is None and _STAGING:
                staged = self._stage_udf(arg)
                if staged is not None:
                    return staged
            if na_action == "ignore":
                out = [v if _isna_scalar(v) else arg(v) for v in vals]
            else:
                out = _apply_loop(arg, vals)
        else:
            raise TypeError(f"'{type(arg).__name__}' object is not callable")
        return self._udf_result(out)

    def pipe(self, func, *args, **kwargs):
        return func(self, *args, **kwargs)

    def unique(self):
        c = self._values_col().unique()
        if c.dtype in ("str", "object"):
            return _StrArray(c.tolist(), c.dtype)
        return c.to_numpy()

    def drop_duplicates(self, keep="first", inplace=False, ignore_index=False):
        r = self[~self.duplicated(keep=keep)]
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def duplicated(self, keep="first"):
        vals = self.tolist()
        seen = {}
        out = [False] * len(vals)
        order = range(len(vals)) if keep != "last" else range(len(vals) - 1, -1, -1)
        for i in order:
            v = vals[i]
            k = _NAN_KEY if (isinstance(v, float) and v != v) else v
            if k in seen:
                out[i] = True
                if keep is False:
                    out[seen[k]] = True
            else:
                seen[k] = i
        return self._with_values(_e.column(out, "bool"))

    def value_counts(self, normalize=False, sort=True, ascending=False, bins=None, dropna=True):
        if bins is not None:
            raise _unsupported("Series.value_counts(bins=)")
        plan, ix = self._plan, self._ix
        v = self._expr.column_name()
        if v is None:
            v = _e.fresh("v")
            plan = plan.with_columns([v], [self._e_expr()])
        cnt = _e.fresh("count")
        plan = plan.aggregate([v], [cnt], ["size"], [None], 1, False, dropna)
        name = "proportion" if normalize else "count"
        r = Series._make(plan, _e.col(cnt), ("cols", (v,), (self._name,)), name)
        if sort:
            r = r.sort_values(ascending=ascending, kind="stable")
        if normalize:
            total = r.sum()
            r = r / total
            r._name = "proportion"
        return r

    def mode(self, dropna=True):
        vc = self.value_counts(sort=False, dropna=dropna)
        counts = vc.tolist()
        if not counts:
            return Series([], dtype=self._dtype_name(), name=self._name)
        m = max(counts)
        vals = [v for v, c in zip(vc.index.tolist(), counts) if c == m]
        try:
            vals = sorted(vals)
        except TypeError:
            pass
        return Series(vals, name=self._name, dtype=self._dtype_name())

    def sort_values(self, axis=0, ascending=True, inplace=False, kind="quicksort", na_position="last",
                    ignore_index=False, key=None):
        if key is not None:
            raise _unsupported("Series.sort_values(key=)")
        if na_position not in ("first", "last"):
            raise ValueError(f"invalid na_position: {na_position}")
        plan, ix = _ix_concrete(self._plan, self._ix)
        v = self._expr.column_name() if self._vals is None else None
        if v is None:
            v = _e.fresh("v")
            plan = plan.with_columns([v], [self._e_expr()])
        plan = plan.sort([v], [not ascending], na_position == "first", kind in ("stable", "mergesort"))
        r = Series._make(plan, _e.col(v), ix, self._name)
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def sort_index(self, axis=0, ascending=True, inplace=False, kind="quicksort", na_position="last",
                   ignore_index=False, key=None, level=None):
        if key is not None or level is not None:
            raise _unsupported("Series.sort_index(key=/level=)")
        if self._ix[0] == "range" and self._ix[2] > 0 and ascending:
            return self._inplace(self.copy(), inplace)
        plan, ix = _ix_concrete(self._plan, self._ix)
        cols = _ix_cols(ix)
        asc = ascending if isinstance(ascending, (list, tuple)) else [ascending] * len(cols)
        stable = kind in ("stable", "mergesort") or len(cols) > 1
        plan = plan.sort(cols, [not a for a in asc], na_position == "first", stable)
        r = Series._make(plan, self._e_expr() if self._vals is None else _e.data(self._vals), ix, self._name)
        if self._vals is not None:
            t = _e.fresh("v")
            p2, ix2 = _ix_concrete(self._plan, self._ix)
            p2 = p2.with_columns([t], [_e.data(self._vals)]).sort(_ix_cols(ix2), [not a for a in asc], na_position == "first", stable)
            r = Series._make(p2, _e.col(t), ix2, self._name)
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def nlargest(self, n=5, keep="first"):
        return self._select_n(n, keep, True)

    def nsmallest(self, n=5, keep="first"):
        return self._select_n(n, keep, False)

    def _select_n(self, n, keep, largest):
        if keep != "first":
            raise _unsupported("Series.nlargest/nsmallest(keep=...)")
        if n >= len(self):
            return self.sort_values(ascending=not largest).head(n)
        return self.dropna().sort_values(ascending=not largest, kind="stable").head(n)

    def rank(self, method="average", ascending=True, na_option="keep", pct=False):
        if method not in ("average", "min", "max", "first", "dense") or na_option != "keep":
            raise _unsupported("Series.rank with these options")
        vals = self.tolist()
        idx = [i for i, v in enumerate(vals) if not _isna_scalar(v)]
        idx.sort(key=lambda i: vals[i], reverse=not ascending)
        if not ascending:
            # stable ties in original order for 'first'
            groups = []
        out = [float("nan")] * len(vals)
        i = 0
        dense = 0
        order = sorted(idx, key=lambda i: (vals[i] if ascending else _Rev(vals[i])))
        while i < len(order):
            j = i
            while j + 1 < len(order) and vals[order[j + 1]] == vals[order[i]]:
                j += 1
            dense += 1
            for k in range(i, j + 1):
                if method == "average":
                    out[order[k]] = (i + j) / 2 + 1
                elif method == "min":
                    out[order[k]] = float(i + 1)
                elif method == "max":
                    out[order[k]] = float(j + 1)
                elif method == "first":
                    out[order[k]] = float(k + 1)
                else:
                    out[order[k]] = float(dense)
            i = j + 1
        if pct:
            m = dense if method == "dense" else len(idx)
            out = [x / m if x == x else x for x in out]
        return self._with_values(_e.column(out, "float64"))

    def _cumulative(self, op):
        vals = self.tolist()
        dt = self._dtype_name()
        out = []
        acc = None
        for v in vals:
            if _isna_scalar(v):
                out.append(float("nan"))
                continue
            if acc is None:
                acc = v
            elif op == "sum":
                acc = acc + v
            elif op == "prod":
                acc = acc * v
            elif op == "max":
                acc = v if v > acc else acc
            else:
                acc = v if v < acc else acc
            out.append(acc)
        if dt == "bool" and op in ("sum", "prod"):
            out = [int(x) for x in out]
        col = _e.column(out, "float64" if (dt == "float64" or any(_isna_scalar(x) for x in out)) else None)
        return self._with_values(col)

    def cumsum(self, axis=None, skipna=True):
        if self._dtype_name() == "float64":
            vals = self.to_numpy()
            if not bool(self.isna().any()):
                return self._with_values(_e.column_from_array(_np.cumsum(vals)))
        return self._cumulative("sum")

    def cumprod(self, axis=None, skipna=True):
        return self._cumulative("prod")

    def cummax(self, axis=None, skipna=True):
        return self._cumulative("max")

    def cummin(self, axis=None, skipna=True):
        return self._cumulative("min")

    def shift(self, periods=1, freq=None, fill_value=_no_default):
        if freq is not None:
            raise _unsupported("Series.shift(freq=)")
        vals = self.tolist()
        n = len(vals)
        fill = float("nan") if fill_value is _no_default else fill_value
        if periods >= 0:
            out = [fill] * min(periods, n) + vals[: max(n - periods, 0)]
        else:
            p = -periods
            out = vals[p:] + [fill] * min(p, n)
        dt = self._dtype_name()
        col = _e.column(out, "float64" if (dt in ("int64", "float64") and fill_value is _no_default and periods != 0 and n) else None)
        if dt == "bool" and fill_value is _no_default and periods != 0:
            col = _e.column(out, "object")
        return self._with_values(col)

    def diff(self, periods=1):
        return self - self.shift(periods)

    def pct_change(self, periods=1):
        prev = self.shift(periods)
        return self / prev - 1

    def describe(self, percentiles=None, include=None, exclude=None):
        return _describe_series(self, percentiles)

    def equals(self, other):
        if not isinstance(other, Series):
            return False
        if len(self) != len(other) or not self.index.equals(other.index):
            return False
        return self._values_col().equals(other._values_col())

    def rename(self, index=None, *, axis=None, copy=None, inplace=False, level=None, errors="ignore"):
        if callable(index) or isinstance(index, dict):
            ixv = self.index
            f = index if callable(index) else (lambda k: index.get(k, k))
            r = self.set_axis(Index([f(x) for x in ixv.tolist()], name=ixv.name))
            return self._inplace(r, inplace)
        r = self.copy()
        r._name = index
        return self._inplace(r, inplace)

    def rename_axis(self, mapper=None, index=None, axis=0, inplace=False):
        name = mapper if mapper is not None else index
        names = list(name) if isinstance(name, (list, tuple)) else [name]
        r = Series._make(self._plan, self._expr, _ix_renamed(self._ix, names), self._name, self._vals)
        return self._inplace(r, inplace)

    def set_axis(self, labels, axis=0, copy=None):
        index = _ensure_index(labels)
        n = len(self)
        if len(index) != n:
            raise ValueError(f"Length mismatch: Expected axis has {n} elements, new values have {len(index)} elements")
        if isinstance(index, RangeIndex):
            return Series._make(self._plan, self._e_expr(), ("range", index.start, index.step, index.name), self._name, self._vals)
        pnames, pcols, ix = _index_source(index, n)
        plan = self._plan.with_columns(pnames, [_e.data(c) for c in pcols])
        return Series._make(plan, self._e_expr(), ix, self._name, self._vals)

    def reset_index(self, level=None, drop=False, name=_no_default, inplace=False, allow_duplicates=False):
        if level is not None:
            raise _unsupported("Series.reset_index(level=)")
        if drop:
            r = Series._make(self._plan, self._e_expr(), ("range", 0, 1, None), self._name, self._vals)
            return self._inplace(r, inplace)
        if inplace:
            raise TypeError("Cannot reset_index inplace on a Series to create a DataFrame")
        vname = self._name if name is _no_default else name
        if vname is None:
            vname = 0
        return self.to_frame(vname).reset_index()

    def reindex(self, index=None, fill_value=None):
        target = _ensure_index(index)
        if self.index.has_duplicates:
            raise ValueError("cannot reindex on an axis with duplicate labels")
        lookup = self.index._lookup()
        vals = self._values_col()
        pos = []
        for k in target.tolist():
            kk = _NAN_KEY if isinstance(k, float) and k != k else k
            pos.append(lookup.get(kk, -1))
        if all(p >= 0 for p in pos):
            col = vals.take(pos)
        else:
            lst = vals.tolist()
            fill = float("nan") if fill_value is None else fill_value
            out = [lst[p] if p >= 0 else fill for p in pos]
            col = _e.column(out, None)
        return Series._from_column(col, self._name, target)

    def groupby(self, by=None, level=None, as_index=True, sort=True, dropna=True):
        return SeriesGroupBy._from_series(self, by, level, sort, dropna)

    @property
    def str(self):
        t = self._dtype_name()
        if t not in ("str", "object"):
            raise AttributeError(_str_accessor_message(t))
        return StringMethods(self)

    @property
    def dt(self):
        raise _unsupported("Series.dt (datetime values)")

    @property
    def T(self):
        return self

    def transpose(self):
        return self

    def explode(self, ignore_index=False):
        vals = self.tolist()
        ixv = self.index.tolist()
        out, ix = [], []
        for i, v in zip(ixv, vals):
            if isinstance(v, (list, tuple)):
                if not v:
                    out.append(float("nan"))
                    ix.append(i)
                for x in v:
                    out.append(x)
                    ix.append(i)
            else:
                out.append(v)
                ix.append(i)
        dt = None if self._values_col().kind == "str_list" else "object"
        return Series(out, index=None if ignore_index else Index(ix, name=self.index.name), name=self._name, dtype=dt)

    def to_csv(self, path_or_buf=None, sep=",", na_rep="", header=True, index=True, **kw):
        return self.to_frame().to_csv(path_or_buf, sep=sep, na_rep=na_rep, header=header, index=index, **kw)


_SERIES_UNSUPPORTED = frozenset((
    "plot", "rolling", "expanding", "ewm", "resample", "interpolate", "corr", "cov", "autocorr",
    "to_json", "to_excel", "to_sql", "to_pickle", "to_parquet", "asfreq", "tz_localize", "cat",
    "sparse", "searchsorted", "factorize", "memory_usage", "info", "update", "combine",
    "combine_first", "compare", "align", "swaplevel", "unstack", "stack", "xs", "filter",
))


class _Rev:
    """Reverses the order of a sort key."""

    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return other.v < self.v

    def __eq__(self, other):
        return self.v == other.v


def _str_accessor_message(t):
    kind = {"int64": "integer", "float64": "floating", "bool": "boolean"}.get(t, "mixed")
    return f"Can only use .str accessor with string values, not {kind}"


_OP_NAMES = {"+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv", "%": "mod", "**": "pow"}


def _check_str_op(op, ta, tb, other_desc, reverse):
    """pandas 3's errors for arithmetic with a str column (ta is the
    column's dtype, tb the other operand's, other_desc how pandas names
    it)."""
    if op not in _OP_NAMES:
        return
    if ta == "str" and tb == "str":
        if op == "+":
            return
        if op == "*":
            raise TypeError("Can only string multiply by an integer.")
        raise TypeError(f"operation '{_OP_NAMES[op]}' not supported for dtype 'str' with dtype 'str'")
    if ta == "str":
        name = ("r" if reverse else "") + _OP_NAMES[op]
        if op == "*" and tb == "int64":
            raise _unsupported("Series.__mul__ of strings by integers")
        raise TypeError(f"operation '{name}' not supported for dtype 'str' with {other_desc}")
    if tb == "str":
        name = ("" if reverse else "r") + _OP_NAMES[op]
        raise TypeError(f"operation '{name}' not supported for dtype 'str' with dtype '{ta}'")


def _is_int_slice(key):
    return all(x is None or (isinstance(x, _INT_TYPES) and not isinstance(x, bool))
               for x in (key.start, key.stop, key.step))


def _apply_loop(func, vals):
    # A plain loop: hipy's JIT compiles it with `func` inlined.
    return [func(v) for v in vals]


class _StrArray(list):
    """`unique()` of strings: pandas returns an ArrowStringArray / object
    ndarray; this prints the same way."""

    def __init__(self, values, dtype):
        list.__init__(self, values)
        self._dtype = dtype

    @property
    def dtype(self):
        return _dtype_obj(self._dtype)

    def tolist(self):
        return list(self)

    def __repr__(self):
        if self._dtype == "str":
            body = ", ".join("nan" if (isinstance(v, float) and v != v) else repr(v) for v in self)
            return f"<ArrowStringArray>\n[{body}]\nLength: {len(self)}, dtype: str"
        return "array(" + list.__repr__(self) + ", dtype=object)"

    __str__ = __repr__


def _align_pair(a, b, comparison):
    """Plan, index and expressions of two Series over different rows,
    aligned on their index."""
    ia, ib = a.index, b.index
    if comparison:
        if not ia.equals(ib):
            raise ValueError("Can only compare identically-labeled Series objects")
    if ia.equals(ib):
        va, vb = a._values_col(), b._values_col()
        ta, tb = _e.fresh("a"), _e.fresh("b")
        names = list(ia.names)
        pn = [_e.fresh("index") for _ in names]
        plan = _e.source(pn + [ta, tb], ia._columns() + [va, vb], len(va))
        return plan, ("cols", tuple(pn), tuple(names)), _e.col(ta), _e.col(tb)
    if ia._is_multi or ib._is_multi or ia.has_duplicates or ib.has_duplicates:
        raise _unsupported("alignment of Series with duplicate or multi-level index labels")
    ka, kb = _e.fresh("k"), _e.fresh("k")
    ta, tb = _e.fresh("a"), _e.fresh("b")
    pa = _e.source([ka, ta], [ia._column(), a._values_col()], len(ia))
    pb = _e.source([kb, tb], [ib._column(), b._values_col()], len(ib))
    plan = pa.join(pb, [ka], [kb], "outer", True, True)
    name = ia.name if _names_equal(ia.name, ib.name) else None
    return plan, ("cols", (ka,), (name,)), _e.col(ta), _e.col(tb)


def _describe_series(s, percentiles=None):
    dt = s._dtype_name()
    if percentiles is None:
        percentiles = [0.25, 0.5, 0.75]
    if _is_numeric_name(dt) and dt != "bool":
        col = s._values_col()
        count = col.reduce("count", 1, 0, False)
        stats = [float(count), float(col.reduce("mean", 1, 0, False)), float(col.reduce("std", 1, 0, False)),
                 float(col.reduce("min", 1, 0, False))]
        stats += [float(col.quantile(p)) for p in percentiles]
        stats.append(float(col.reduce("max", 1, 0, False)))
        labels = ["count", "mean", "std", "min"] + _format_percentiles(percentiles) + ["max"]
        return Series(stats, index=Index(labels), name=s.name)
    vals = s.dropna()
    count = len(vals)
    vc = vals.value_counts()
    if count:
        top, freq = vc.index[0], vc.iloc[0]
    else:
        top, freq = float("nan"), float("nan")
    data = [count, int(vals.nunique()), top, freq]
    return Series(data, index=Index(["count", "unique", "top", "freq"]), name=s.name, dtype="object")


def _format_percentiles(percentiles):
    pct = [p * 100 for p in percentiles]
    out = []
    for p in pct:
        r = round(p)
        if abs(p - r) < 1e-9:
            out.append(f"{int(r)}%")
        else:
            out.append(f"{p:.10g}%")
    return out
