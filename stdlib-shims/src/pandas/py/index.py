# hipy's pandas: Index, RangeIndex, MultiIndex.
#
# An index is computed values (an engine Column per level), or a reference
# to columns of a plan that are computed when first read (a DataFrame's
# index is columns of the frame's own plan), or a range.


class Index:
    _is_multi = False

    def __new__(cls, data=None, *args, **kwargs):
        if cls is Index and isinstance(data, range) and kwargs.get("dtype") is None:
            return object.__new__(RangeIndex)
        return object.__new__(cls)

    def __init__(self, data=None, dtype=None, copy=False, name=None, tupleize_cols=True):
        if isinstance(data, Index):
            if data._is_multi:
                raise _unsupported("Index of a MultiIndex")
            col = data._column()
            if name is None:
                name = data.name
        elif isinstance(data, Series):
            col = data._values_col()
            if name is None:
                name = data.name
        elif data is None:
            col = _e.column([], None)
        else:
            if not isinstance(data, (list, tuple, range, _ndarray)):
                data = list(data)
            if isinstance(data, (list, tuple)) and data and all(isinstance(x, tuple) for x in data):
                raise _unsupported("Index of tuples (use MultiIndex.from_tuples)")
            col = _column_of(data, _dtype_name(dtype))
        if dtype is not None and col.dtype != _dtype_name(dtype):
            col = col.cast(_dtype_name(dtype))
        self._col = col
        self._src = None
        self._name = name

    @classmethod
    def _from_column(cls, col, name=None):
        ix = object.__new__(Index)
        ix._col = col
        ix._src = None
        ix._name = name
        return ix

    @classmethod
    def _from_plan(cls, plan, colname, name=None):
        ix = object.__new__(Index)
        ix._col = None
        ix._src = (plan, colname)
        ix._name = name
        return ix

    # -- data
    def _column(self):
        if self._col is None:
            plan, name = self._src
            self._col = plan.collect([name])[0]
        return self._col

    def _columns(self):
        return [self._column()]

    def _levels_for_display(self, rows):
        c = self._column()
        vals = [c.item(i) for i in rows] if rows is not None else c.tolist()
        return [(vals, c.dtype, self._name, None)]

    _owner = None

    @property
    def name(self):
        return self._name

    @name.setter
    def name(self, value):
        self._name = value
        self._tell_owner()

    def _tell_owner(self):
        """A frame's index or columns renamed in place: the frame too."""
        if self._owner is not None:
            frame, what = self._owner
            if what == "index":
                frame._index_renamed(list(self.names))
            else:
                object.__setattr__(frame, "_cname", self._name)

    @property
    def names(self):
        return FrozenList([self._name])

    @names.setter
    def names(self, values):
        values = list(values)
        if len(values) != 1:
            raise ValueError(f"Length of new names must be 1, got {len(values)}")
        self._name = values[0]
        self._tell_owner()

    @property
    def nlevels(self):
        return 1

    @property
    def dtype(self):
        if self._col is None:
            plan, name = self._src
            t = plan.types()[plan.names().index(name)]
            if t is not None:
                return _dtype_obj(t)
        return _dtype_obj(self._column().dtype)

    def _dtype_name(self):
        return self.dtype.name if not isinstance(self.dtype, StringDtype) else "str"

    def __len__(self):
        if self._col is None:
            plan, _ = self._src
            return plan.num_rows()
        return len(self._col)

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

    def __iter__(self):
        return iter(self.tolist())

    def tolist(self):
        return self._column().tolist()

    to_list = tolist

    @property
    def values(self):
        return self.to_numpy()

    def to_numpy(self, dtype=None, copy=False):
        c = self._column()
        if c.dtype in ("str", "object"):
            raise _unsupported("Index.to_numpy of str or object values (NumPy object arrays)")
        a = c.to_numpy()
        return a.astype(dtype) if dtype is not None else a

    @property
    def array(self):
        return self.to_numpy()

    def __array__(self, dtype=None, copy=None):
        return self.to_numpy(dtype)

    def __getitem__(self, key):
        c = self._column()
        if isinstance(key, _INT_TYPES) and not isinstance(key, bool):
            return c.get(int(key))
        if isinstance(key, slice):
            pos = list(range(len(c)))[key]
            return Index._from_column(c.take(pos), self._name)
        if isinstance(key, (Series, _ndarray, list)):
            vals = key.tolist() if not isinstance(key, list) else key
            if vals and all(isinstance(v, bool) for v in vals):
                if len(vals) != len(c):
                    raise IndexError(f"boolean index did not match indexed array along axis 0; size of axis is {len(c)} but size of corresponding boolean axis is {len(vals)}")
                pos = [i for i, b in enumerate(vals) if b]
            else:
                pos = vals
            return Index._from_column(c.take(pos), self._name)
        raise _unsupported(f"Index.__getitem__ with {type(key).__name__}")

    def __contains__(self, key):
        try:
            hash(key)
        except TypeError:
            raise TypeError(f"unhashable type: '{type(key).__name__}'")
        return key in self._lookup()

    def _lookup(self):
        """value -> first position (cached)."""
        d = getattr(self, "_lookup_cache", None)
        if d is None:
            d = {}
            for i, v in enumerate(self.tolist()):
                if isinstance(v, float) and v != v:
                    v = _NAN_KEY
                if v not in d:
                    d[v] = i
            self._lookup_cache = d
        return d

    def _positions(self, key):
        """All positions holding `key`."""
        if isinstance(key, float) and key != key:
            key = _NAN_KEY
        return [i for i, v in enumerate(self.tolist()) if (v == key or (key is _NAN_KEY and isinstance(v, float) and v != v))]

    def get_loc(self, key):
        pos = self._positions(key)
        if not pos:
            raise KeyError(key)
        if len(pos) == 1:
            return pos[0]
        if pos == list(range(pos[0], pos[-1] + 1)):
            return slice(pos[0], pos[-1] + 1)
        mask = [False] * len(self)
        for p in pos:
            mask[p] = True
        return _np.array(mask)

    @property
    def is_unique(self):
        vals = self.tolist()
        return len(self._lookup()) == len(vals)

    @property
    def has_duplicates(self):
        return not self.is_unique

    @property
    def is_monotonic_increasing(self):
        v = self.tolist()
        return all(v[i] <= v[i + 1] for i in range(len(v) - 1))

    @property
    def is_monotonic_decreasing(self):
        v = self.tolist()
        return all(v[i] >= v[i + 1] for i in range(len(v) - 1))

    def equals(self, other):
        if not isinstance(other, Index) or other._is_multi:
            return False
        if len(self) != len(other):
            return False
        a, b = self._column(), other._column()
        if a.dtype != b.dtype:
            if _is_numeric_name(a.dtype) and _is_numeric_name(b.dtype):
                return a.cast("float64").equals(b.cast("float64"))
            return self.tolist() == other.tolist()
        return a.equals(b)

    def identical(self, other):
        return self.equals(other) and self.name == other.name and type(self) is type(other)

    def _cmp(self, other, op):
        s = Series._from_column(self._column(), None)
        return getattr(s, op)(other).to_numpy()

    def __eq__(self, other):
        return self._cmp(other, "__eq__")

    def __ne__(self, other):
        return self._cmp(other, "__ne__")

    def __lt__(self, other):
        return self._cmp(other, "__lt__")

    def __le__(self, other):
        return self._cmp(other, "__le__")

    def __gt__(self, other):
        return self._cmp(other, "__gt__")

    def __ge__(self, other):
        return self._cmp(other, "__ge__")

    __hash__ = None

    def _arith(self, other, op):
        s = Series._from_column(self._column(), None)
        r = getattr(s, op)(other)
        return Index._from_column(r._values_col(), self._name)

    def __add__(self, other):
        return self._arith(other, "__add__")

    def __sub__(self, other):
        return self._arith(other, "__sub__")

    def __mul__(self, other):
        return self._arith(other, "__mul__")

    def __truediv__(self, other):
        return self._arith(other, "__truediv__")

    def __radd__(self, other):
        return self._arith(other, "__radd__")

    def isin(self, values):
        s = Series._from_column(self._column(), None)
        return s.isin(values).to_numpy()

    def isna(self):
        return _np.array(self._column().isna())

    def notna(self):
        return ~self.isna()

    def unique(self):
        return Index._from_column(self._column().unique(), self._name)

    def nunique(self, dropna=True):
        return int(self._column().reduce("nunique", 1, 0, False))

    def duplicated(self, keep="first"):
        return Series._from_column(self._column(), None).duplicated(keep=keep).to_numpy()

    def min(self):
        return self._column().reduce("min", 1, 0, True)

    def max(self):
        return self._column().reduce("max", 1, 0, True)

    def argmin(self):
        return int(self._column().reduce("argmin", 1, 0, False))

    def argmax(self):
        return int(self._column().reduce("argmax", 1, 0, False))

    def sort_values(self, ascending=True, return_indexer=False, na_position="last", key=None):
        if key is not None or return_indexer:
            raise _unsupported("Index.sort_values(key=/return_indexer=)")
        s = Series._from_column(self._column(), None).sort_values(ascending=ascending, na_position=na_position)
        return Index._from_column(s._values_col(), self._name)

    def astype(self, dtype, copy=True):
        return Index._from_column(self._column().cast(_dtype_name(dtype)), self._name)

    def copy(self, name=None, deep=False):
        return Index._from_column(self._column(), name if name is not None else self._name)

    def rename(self, name, inplace=False):
        if inplace:
            self._name = name
            return None
        return Index._from_column(self._column(), name)

    def set_names(self, names, level=None, inplace=False):
        name = names[0] if isinstance(names, (list, tuple)) else names
        return self.rename(name, inplace=inplace)

    def to_series(self, index=None, name=None):
        s = Series._from_column(self._column(), name if name is not None else self._name)
        return s.set_axis(self if index is None else index)

    def to_frame(self, index=True, name=_no_default):
        n = self._name if name is _no_default else name
        if n is None:
            n = 0
        df = DataFrame({n: self._column()})
        if index:
            df.index = self
        return df

    def map(self, mapper, na_action=None):
        s = Series._from_column(self._column(), None).map(mapper, na_action=na_action)
        return Index._from_column(s._values_col(), self._name)

    def append(self, other):
        others = other if isinstance(other, (list, tuple)) else [other]
        vals = self.tolist()
        for o in others:
            vals.extend(o.tolist())
        return Index(vals, name=self._name if all(o.name == self._name for o in others) else None)

    def _setop(self, other, how, sort):
        a = self.tolist()
        b = list(other)
        if how == "union":
            seen = dict.fromkeys(a)
            for x in b:
                seen.setdefault(x)
            vals = list(seen)
            if sort is None or sort:
                try:
                    vals = sorted(vals)
                except TypeError:
                    pass
        elif how == "intersection":
            bs = set(b)
            vals = list(dict.fromkeys(x for x in a if x in bs))
            if sort:
                vals = sorted(vals)
        else:
            bs = set(b)
            vals = list(dict.fromkeys(x for x in a if x not in bs))
            if sort is None or sort:
                try:
                    vals = sorted(vals)
                except TypeError:
                    pass
        name = self._name if getattr(other, "name", None) == self._name else None
        if not vals:
            return Index(vals, dtype=self._dtype_name(), name=name)
        return Index(vals, name=name)

    def union(self, other, sort=None):
        return self._setop(other, "union", sort)

    def intersection(self, other, sort=False):
        return self._setop(other, "intersection", sort)

    def difference(self, other, sort=None):
        return self._setop(other, "difference", sort)

    def drop(self, labels, errors="raise"):
        labels = list(labels) if _is_list_like(labels) else [labels]
        vals = self.tolist()
        if errors == "raise":
            missing = [l for l in labels if l not in vals]
            if missing:
                raise KeyError(f"{missing} not found in axis")
        keep = [v for v in vals if v not in labels]
        return Index(keep, dtype=self._dtype_name(), name=self._name)

    @property
    def str(self):
        return StringMethods(Series._from_column(self._column(), self._name), index_result=True)

    def _summary_data(self):
        c = self._column()
        if c.dtype in ("str", "object"):
            strs = [_pprint(v, quote_strings=True) if not (isinstance(v, float) and v != v) else "nan" for v in c.tolist()]
            return _format_object_summary(strs, "Index", is_justify=(c.dtype != "str"))
        strs = [_pprint(c.get(i)) for i in range(len(c))]
        return _format_object_summary(strs, "Index")

    def __repr__(self):
        data = self._summary_data()
        attrs = [("dtype", f"'{self.dtype}'")]
        if self._name is not None:
            attrs.append(("name", _pprint(self._name, quote_strings=True)))
        if len(self) > get_option("display.max_seq_items"):
            attrs.append(("length", len(self)))
        return _index_repr("Index", data, attrs)

    __str__ = __repr__


class _NanKey:
    def __repr__(self):
        return "nan"


_NAN_KEY = _NanKey()


class RangeIndex(Index):
    def __init__(self, start=None, stop=None, step=None, dtype=None, copy=False, name=None):
        if isinstance(start, range):
            r = start
        else:
            if start is None:
                start = 0
            if stop is None:
                start, stop = 0, start
            r = range(start, stop, 1 if step is None else step)
        self._range = r
        self._name = name
        self._col = None
        self._src = None

    @classmethod
    def _make(cls, start, step, n, name):
        return RangeIndex(range(start, start + step * n, step) if n else range(start, start, step), name=name)

    @property
    def start(self):
        return self._range.start

    @property
    def stop(self):
        return self._range.stop

    @property
    def step(self):
        return self._range.step

    def _column(self):
        if self._col is None:
            self._col = _e.column(list(self._range), "int64")
        return self._col

    def _levels_for_display(self, rows):
        r = self._range
        if rows is None:
            return [(list(r), "int64", self._name, (r.start, r.step))]
        vals = [r[i] for i in rows]
        contiguous = rows == list(range(rows[0], rows[0] + len(rows))) if rows else True
        return [(vals, "int64", self._name, (r[rows[0]], r.step) if (rows and contiguous) else None)]

    @property
    def dtype(self):
        return _np.dtype("int64")

    def __len__(self):
        return len(self._range)

    def tolist(self):
        return list(self._range)

    to_list = tolist

    def __iter__(self):
        return iter(self._range)

    def __contains__(self, key):
        try:
            return key in self._range
        except TypeError:
            return False

    def get_loc(self, key):
        if isinstance(key, _INT_TYPES) and not isinstance(key, bool) and key in self._range:
            return self._range.index(key)
        raise KeyError(key)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return RangeIndex(self._range[key], name=self._name)
        if isinstance(key, _INT_TYPES) and not isinstance(key, bool):
            try:
                return _np.int64(self._range[int(key)])
            except IndexError:
                raise IndexError(f"index {int(key)} is out of bounds for axis 0 with size {len(self._range)}")
        return Index.__getitem__(self, key)

    @property
    def is_unique(self):
        return True

    def copy(self, name=None, deep=False):
        return RangeIndex(self._range, name=name if name is not None else self._name)

    def rename(self, name, inplace=False):
        if inplace:
            self._name = name
            return None
        return RangeIndex(self._range, name=name)

    def equals(self, other):
        if isinstance(other, RangeIndex):
            return list(self._range) == list(other._range)
        return Index.equals(self, other)

    def _summary_data(self):
        return ""

    def __repr__(self):
        r = self._range
        attrs = [("start", r.start), ("stop", r.stop), ("step", r.step)]
        if self._name is not None:
            attrs.append(("name", _pprint(self._name, quote_strings=True)))
        return _index_repr("RangeIndex", "", attrs)

    __str__ = __repr__


class FrozenList(list):
    def __repr__(self):
        return list.__repr__(self)

    __str__ = __repr__

    def _immutable(self, *args, **kwargs):
        raise TypeError(f"'{type(self).__name__}' does not support mutable operations.")

    __setitem__ = _immutable
    append = _immutable


class MultiIndex(Index):
    _is_multi = True

    def __init__(self, levels=None, codes=None, names=None, **kw):
        if levels is None or codes is None:
            raise TypeError("Must pass both levels and codes")
        cols = []
        for lev, code in zip(levels, codes):
            lv = list(lev)
            cols.append(_e.column([lv[c] if c >= 0 else float("nan") for c in code], None))
        self._cols = cols
        self._src = None
        self._names = list(names) if names is not None else [None] * len(cols)

    @classmethod
    def _from_columns(cls, cols, names):
        mi = object.__new__(MultiIndex)
        mi._cols = cols
        mi._src = None
        mi._names = list(names)
        return mi

    @classmethod
    def _from_plan_cols(cls, plan, colnames, names):
        mi = object.__new__(MultiIndex)
        mi._cols = None
        mi._src = (plan, list(colnames))
        mi._names = list(names)
        return mi

    @classmethod
    def from_tuples(cls, tuples, names=None):
        tuples = list(tuples)
        if not tuples:
            raise TypeError("Cannot infer number of levels from empty list")
        k = len(tuples[0])
        cols = [_e.column([t[i] for t in tuples], None) for i in range(k)]
        return cls._from_columns(cols, names if names is not None else [None] * k)

    @classmethod
    def from_arrays(cls, arrays, names=None):
        cols = [_column_of(list(a) if not isinstance(a, _ndarray) else a) for a in arrays]
        if names is None:
            names = [getattr(a, "name", None) for a in arrays]
        return cls._from_columns(cols, names)

    @classmethod
    def from_product(cls, iterables, names=None):
        import itertools
        return cls.from_tuples(list(itertools.product(*[list(x) for x in iterables])), names=names)

    def _columns(self):
        if self._cols is None:
            plan, names = self._src
            self._cols = plan.collect(names)
        return self._cols

    def _levels_for_display(self, rows):
        out = []
        for c, name in zip(self._columns(), self._names):
            vals = [c.item(i) for i in rows] if rows is not None else c.tolist()
            out.append((vals, c.dtype, name, None))
        return out

    @property
    def names(self):
        return FrozenList(self._names)

    @names.setter
    def names(self, values):
        values = list(values)
        if len(values) != self.nlevels:
            raise ValueError("Length of names must match number of levels in MultiIndex.")
        self._names = values
        self._tell_owner()

    @property
    def name(self):
        return None

    @property
    def nlevels(self):
        return len(self._names)

    @property
    def dtype(self):
        return _OBJECT_DTYPE

    def __len__(self):
        if self._cols is None:
            return self._src[0].num_rows()
        return len(self._cols[0])

    def tolist(self):
        return list(zip(*[c.tolist() for c in self._columns()]))

    to_list = tolist

    def __iter__(self):
        return iter(self.tolist())

    def __getitem__(self, key):
        if isinstance(key, _INT_TYPES):
            return tuple(c.get(int(key)) for c in self._columns())
        if isinstance(key, slice):
            pos = list(range(len(self)))[key]
            return MultiIndex._from_columns([c.take(pos) for c in self._columns()], self._names)
        raise _unsupported("MultiIndex.__getitem__ with arrays")

    def get_level_values(self, level):
        k = level if isinstance(level, int) else self._names.index(level)
        return Index._from_column(self._columns()[k], self._names[k])

    @property
    def levels(self):
        return FrozenList([Index._from_column(c.unique(), n).sort_values() for c, n in zip(self._columns(), self._names)])

    def equals(self, other):
        return isinstance(other, MultiIndex) and self.tolist() == other.tolist()

    def __contains__(self, key):
        if not isinstance(key, tuple):
            return key in self.get_level_values(0).tolist()
        return key in set(self.tolist())

    def get_loc(self, key):
        vals = self.tolist()
        if isinstance(key, tuple) and len(key) == self.nlevels:
            pos = [i for i, v in enumerate(vals) if v == key]
        else:
            k = key if isinstance(key, tuple) else (key,)
            pos = [i for i, v in enumerate(vals) if v[: len(k)] == k]
        if not pos:
            raise KeyError(key)
        if len(pos) == 1 and isinstance(key, tuple) and len(key) == self.nlevels:
            return pos[0]
        if pos == list(range(pos[0], pos[-1] + 1)):
            return slice(pos[0], pos[-1] + 1)
        mask = [False] * len(vals)
        for p in pos:
            mask[p] = True
        return _np.array(mask)

    def _summary_data(self):
        raise _unsupported("repr of a MultiIndex")

    def __repr__(self):
        vals = self.tolist()
        strs = [_pprint(t, quote_strings=True) for t in vals]
        name = "MultiIndex"
        space = "\n" + " " * (len(name) + 1)
        n = len(strs)
        if n == 0:
            data = "[], "
        else:
            max_items = get_option("display.max_seq_items")
            if n > max_items:
                k = min(max_items // 2, 10)
                parts = strs[:k] + ["..."] + strs[-k:]
            else:
                parts = strs
            # Tuples are justified level by level.
            data = "[" + ("," + space + " ").join(_justify_tuples(vals, parts)) + "]," + space
        attrs = []
        if any(x is not None for x in self._names):
            attrs.append("names=[" + ", ".join(_pprint(x, quote_strings=True) for x in self._names) + "]")
        if n > get_option("display.max_seq_items"):
            attrs.append(f"length={n}")
        text = f"{name}({data}" + ", ".join(attrs)
        return text.rstrip() + ")" if attrs else text.rstrip().rstrip(",") + ")"

    __str__ = __repr__


def _justify_tuples(vals, strs):
    """Right-justify each element of the tuples across all of them."""
    if "..." in strs:
        return strs
    cols = list(zip(*[[_pprint(x, quote_strings=True) for x in t] for t in vals]))
    widths = [max(len(x) for x in c) for c in cols]
    out = []
    for t in vals:
        items = [_pprint(x, quote_strings=True).rjust(w) for x, w in zip(t, widths)]
        out.append("(" + ", ".join(items) + ")")
    return out


def _ensure_index(obj, name=None):
    if isinstance(obj, Index):
        return obj
    if isinstance(obj, range):
        return RangeIndex(obj, name=name)
    return Index(obj, name=name)
