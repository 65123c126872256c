# hipy's pandas: group-by. Aggregations become one Aggregate node of the
# plan (pandas' Kahan sums and Welford variances in the engine); the keys
# become the result's index (or columns with as_index=False).

_AGG_NAMES = frozenset(("sum", "mean", "count", "size", "min", "max", "first", "last", "nunique",
              "std", "var", "median", "prod", "any", "all"))


def _agg_name(f):
    if isinstance(f, str):
        return f
    names = {sum: "sum", min: "min", max: "max", len: "size"}
    if f in names:
        return names[f]
    n = getattr(f, "__name__", None)
    np_names = {"sum": "sum", "mean": "mean", "min": "min", "max": "max", "std": "std", "var": "var",
                "median": "median", "prod": "prod", "amin": "min", "amax": "max", "nanmean": "mean"}
    if getattr(f, "__module__", None) == "numpy" or (n in np_names and f is getattr(_np, n, None)):
        return np_names.get(n)
    return None


class _GroupByBase:
    def _setup(self, df, by, level, as_index, sort, dropna):
        self._df = df
        self._as_index = as_index
        self._sort = sort
        self._dropna = dropna
        plan = df._plan
        keys, knames = [], []
        if level is not None:
            levels = level if isinstance(level, (list, tuple)) else [level]
            plan, ix = _ix_concrete(plan, df._ix)
            for lv in levels:
                k = lv if isinstance(lv, int) else list(ix[2]).index(lv)
                keys.append(ix[1][k])
                knames.append(ix[2][k])
        else:
            if by is None:
                raise TypeError("You have to supply one of 'by' and 'level'")
            items = by if isinstance(by, list) else [by]
            for b in items:
                if isinstance(b, Series):
                    if _same_rows(df, b):
                        n = b._expr.column_name() if b._vals is None else None
                        if n is None:
                            n = _e.fresh(str(b.name))
                            plan = plan.with_columns([n], [b._e_expr()])
                    else:
                        r = b.reindex(df.index) if not b.index.equals(df.index) else b
                        n = _e.fresh(str(b.name))
                        plan = plan.with_columns([n], [_e.data(r._values_col())])
                    keys.append(n)
                    knames.append(b.name)
                elif callable(b) or isinstance(b, dict):
                    raise _unsupported("groupby with a function or mapping")
                elif df._is_frame and b in df._labels:
                    keys.append(df._names[df._labels.index(b)])
                    knames.append(b)
                elif df._is_frame and b in _ix_names(df._ix) and df._ix[0] == "cols":
                    keys.append(df._ix[1][list(df._ix[2]).index(b)])
                    knames.append(b)
                else:
                    raise KeyError(b)
        self._plan = plan
        self._keys = keys
        self._knames = knames

    def _aggregate(self, specs):
        """specs: (label, op, input plan column or None). A frame of the
        results, indexed by the keys."""
        outs = [_e.fresh(str(l)) for l, _, _ in specs]
        plan = self._plan.aggregate(self._keys, outs, [op for _, op, _ in specs],
                                    [c for _, _, c in specs], 1, self._sort, self._dropna)
        return plan, outs

    def _ddof_aggregate(self, specs, ddof):
        outs = [_e.fresh(str(l)) for l, _, _ in specs]
        plan = self._plan.aggregate(self._keys, outs, [op for _, op, _ in specs],
                                    [c for _, _, c in specs], ddof, self._sort, self._dropna)
        return plan, outs

    def _result_ix(self):
        return ("cols", tuple(self._keys), tuple(self._knames))

    def _frame_result(self, plan, labels, outs):
        if self._as_index:
            return DataFrame._make(plan, labels, outs, self._result_ix())
        klabels = [k for k in self._knames]
        return DataFrame._make(plan, klabels + labels, list(self._keys) + outs, ("range", 0, 1, None))

    @property
    def ngroups(self):
        plan = self._plan.aggregate(self._keys, [], [], [], 1, self._sort, self._dropna)
        return plan.num_rows()

    def _group_keys(self):
        plan = self._plan.aggregate(self._keys, [], [], [], 1, self._sort, self._dropna)
        cols = plan.collect(self._keys)
        if len(cols) == 1:
            return cols[0].tolist()
        return list(zip(*[c.tolist() for c in cols]))

    def _mask_for(self, key):
        key = key if isinstance(key, tuple) and len(self._keys) > 1 else (key,)
        e = None
        for k, v in zip(self._keys, key):
            c = _e.col(k).binary("==", _e.lit(v)) if not _isna_scalar(v) else _e.col(k).unary("isna")
            e = c if e is None else e.binary("&", c)
        return e


class DataFrameGroupBy(_GroupByBase):
    def __init__(self, df, by=None, level=None, as_index=True, sort=True, dropna=True, selection=None):
        self._setup(df, by, level, as_index, sort, dropna)
        if selection is None:
            selection = [l for l, n in zip(df._labels, df._names) if n not in self._keys]
        self._selection = selection

    def __getitem__(self, key):
        if isinstance(key, (list, tuple)):
            g = object.__new__(DataFrameGroupBy)
            g.__dict__.update(self.__dict__)
            for k in key:
                self._df._label_pos(k)
            g._selection = list(key)
            return g
        self._df._label_pos(key)
        return SeriesGroupBy(self, key)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if name in self._df._labels:
            return self[name]
        if name in ("apply", "transform", "filter", "rolling", "expanding", "resample", "ohlc",
                    "describe", "pipe", "shift", "diff", "rank", "cumsum", "cumcount", "nth", "head", "tail",
                    "fillna", "boxplot", "plot", "hist", "corr", "cov", "quantile", "idxmax", "idxmin"):
            raise _unsupported(f"DataFrameGroupBy.{name}")
        raise AttributeError(f"'DataFrameGroupBy' object has no attribute '{name}'")

    def _input(self, label):
        return self._df._names[self._df._label_pos(label)]

    def _simple(self, op, ddof=1, numeric_only=False):
        labels = list(self._selection)
        if numeric_only:
            types = dict(zip(self._df._labels, self._df._types()))
            labels = [l for l in labels if _is_numeric_name(types[l])]
        specs = [(l, op, self._input(l)) for l in labels]
        plan, outs = self._ddof_aggregate(specs, ddof)
        return self._frame_result(plan, labels, outs)

    def sum(self, numeric_only=False, min_count=0):
        return self._simple("sum", numeric_only=numeric_only)

    def mean(self, numeric_only=False):
        return self._simple("mean", numeric_only=numeric_only)

    def median(self, numeric_only=False):
        return self._simple("median", numeric_only=numeric_only)

    def min(self, numeric_only=False):
        return self._simple("min", numeric_only=numeric_only)

    def max(self, numeric_only=False):
        return self._simple("max", numeric_only=numeric_only)

    def prod(self, numeric_only=False):
        return self._simple("prod", numeric_only=numeric_only)

    def std(self, ddof=1, numeric_only=False):
        return self._simple("std", ddof, numeric_only)

    def var(self, ddof=1, numeric_only=False):
        return self._simple("var", ddof, numeric_only)

    def count(self):
        return self._simple("count")

    def nunique(self, dropna=True):
        return self._simple("nunique")

    def first(self, numeric_only=False):
        return self._simple("first")

    def last(self, numeric_only=False):
        return self._simple("last")

    def any(self):
        return self._simple("any")

    def all(self):
        return self._simple("all")

    def size(self):
        plan, outs = self._aggregate([("size", "size", None)])
        if self._as_index:
            return Series._make(plan, _e.col(outs[0]), self._result_ix(), None)
        return DataFrame._make(plan, list(self._knames) + ["size"], list(self._keys) + outs, ("range", 0, 1, None))

    def agg(self, func=None, *args, **kwargs):
        if func is None and kwargs:
            specs = []
            labels = []
            for out, spec in kwargs.items():
                col, f = spec if isinstance(spec, tuple) else (spec.column, spec.aggfunc)
                op = _agg_name(f)
                if op not in _AGG_NAMES:
                    raise _unsupported(f"DataFrameGroupBy.agg with {f!r}")
                specs.append((out, op, self._input(col)))
                labels.append(out)
            plan, outs = self._aggregate(specs)
            return self._frame_result(plan, labels, outs)
        if isinstance(func, dict):
            specs, labels = [], []
            multi = any(isinstance(f, (list, tuple)) for f in func.values())
            if multi:
                raise _unsupported("DataFrameGroupBy.agg with lists of functions (MultiIndex columns)")
            for col, f in func.items():
                op = _agg_name(f)
                if op not in _AGG_NAMES:
                    raise _unsupported(f"DataFrameGroupBy.agg with {f!r}")
                specs.append((col, op, self._input(col)))
                labels.append(col)
            plan, outs = self._aggregate(specs)
            return self._frame_result(plan, labels, outs)
        if isinstance(func, (list, tuple)):
            raise _unsupported("DataFrameGroupBy.agg with a list of functions (MultiIndex columns)")
        op = _agg_name(func)
        if op in _AGG_NAMES:
            return getattr(self, op)()
        raise _unsupported(f"DataFrameGroupBy.agg with {func!r}")

    aggregate = agg

    def __iter__(self):
        for key in self._group_keys():
            yield key, self.get_group(key)

    def get_group(self, name):
        df = self._df
        plan, ix = _ix_concrete(self._plan, df._ix)
        plan = plan.filter(self._mask_for(name))
        r = DataFrame._make(plan, df._labels, df._names, ix)
        if len(r) == 0:
            raise KeyError(name)
        return r

    @property
    def groups(self):
        out = {}
        for key in self._group_keys():
            out[key] = self.get_group(key).index
        return out


class SeriesGroupBy(_GroupByBase):
    def __init__(self, parent, label):
        self.__dict__.update({k: v for k, v in parent.__dict__.items() if k != "_selection"})
        self._label = label
        self._input_name = parent._df._names[parent._df._label_pos(label)]

    @classmethod
    def _from_series(cls, s, by, level, sort, dropna):
        g = object.__new__(SeriesGroupBy)
        g._setup(s, by, level, True, sort, dropna)
        n = s._expr.column_name() if s._vals is None else None
        if n is None:
            n = _e.fresh("v")
            g._plan = g._plan.with_columns([n], [s._e_expr()])
        g._label = s.name
        g._input_name = n
        return g

    def _series(self, op, ddof=1):
        plan, outs = self._ddof_aggregate([(self._label, op, self._input_name)], ddof)
        if self._as_index:
            return Series._make(plan, _e.col(outs[0]), self._result_ix(), self._label)
        return DataFrame._make(plan, list(self._knames) + [self._label], list(self._keys) + outs, ("range", 0, 1, None))

    def sum(self, numeric_only=False, min_count=0):
        return self._series("sum")

    def mean(self, numeric_only=False):
        return self._series("mean")

    def median(self, numeric_only=False):
        return self._series("median")

    def min(self, numeric_only=False):
        return self._series("min")

    def max(self, numeric_only=False):
        return self._series("max")

    def prod(self, numeric_only=False):
        return self._series("prod")

    def std(self, ddof=1):
        return self._series("std", ddof)

    def var(self, ddof=1):
        return self._series("var", ddof)

    def count(self):
        return self._series("count")

    def nunique(self, dropna=True):
        return self._series("nunique")

    def first(self):
        return self._series("first")

    def last(self):
        return self._series("last")

    def any(self):
        return self._series("any")

    def all(self):
        return self._series("all")

    def size(self):
        plan, outs = self._aggregate([("size", "size", None)])
        return Series._make(plan, _e.col(outs[0]), self._result_ix(), self._label)

    def agg(self, func=None, *args, **kwargs):
        if func is None and kwargs:
            specs = [(out, _agg_name(f), self._input_name) for out, f in kwargs.items()]
            for _, op, _ in specs:
                if op not in _AGG_NAMES:
                    raise _unsupported("SeriesGroupBy.agg with this function")
            plan, outs = self._aggregate(specs)
            return DataFrame._make(plan, [s[0] for s in specs], outs, self._result_ix())
        if isinstance(func, (list, tuple)):
            ops = [_agg_name(f) for f in func]
            if any(op not in _AGG_NAMES for op in ops):
                raise _unsupported("SeriesGroupBy.agg with this function")
            labels = [f if isinstance(f, str) else op for f, op in zip(func, ops)]
            plan, outs = self._aggregate([(l, op, self._input_name) for l, op in zip(labels, ops)])
            return DataFrame._make(plan, labels, outs, self._result_ix())
        op = _agg_name(func)
        if op in _AGG_NAMES:
            return getattr(self, op)()
        if callable(func):
            return self.apply(func)
        raise _unsupported(f"SeriesGroupBy.agg with {func!r}")

    aggregate = agg

    def transform(self, func):
        op = _agg_name(func)
        if op not in _AGG_NAMES:
            raise _unsupported("SeriesGroupBy.transform with a function")
        agg = self._series(op)
        # Back onto the original rows: a left join on the keys.
        df = self._df
        aplan = agg._plan
        lk = list(self._keys)
        rk = [_e.fresh("k") for _ in lk]
        rv = _e.fresh("v")
        right = aplan.select(lk + [agg._expr.column_name()])
        right = right.with_columns(rk + [rv], [_e.col(k) for k in lk] + [agg._expr]).select(rk + [rv])
        plan, ix = _ix_concrete(self._plan, df._ix)
        joined = plan.join(right, lk, rk, "left", False, False)
        return Series._make(joined, _e.col(rv), ix, self._label)

    def apply(self, func):
        keys = self._group_keys()
        vals = []
        for k in keys:
            vals.append(func(self.get_group(k)))
        if vals and isinstance(vals[0], Series):
            raise _unsupported("SeriesGroupBy.apply returning Series")
        names = self._knames
        if len(names) == 1:
            index = Index(keys, name=names[0])
        else:
            index = MultiIndex.from_tuples(keys, names=names)
        return Series(vals, index=index, name=self._label)

    def get_group(self, name):
        df = self._df
        plan, ix = _ix_concrete(self._plan, df._ix)
        plan = plan.filter(self._mask_for(name))
        r = Series._make(plan, _e.col(self._input_name), ix, self._label)
        if len(r) == 0:
            raise KeyError(name)
        return r

    def __iter__(self):
        for key in self._group_keys():
            yield key, self.get_group(key)

    def value_counts(self, normalize=False, sort=True, ascending=False, dropna=True):
        raise _unsupported("SeriesGroupBy.value_counts")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise _unsupported(f"SeriesGroupBy.{name}")


class NamedAgg(tuple):
    def __new__(cls, column, aggfunc):
        t = tuple.__new__(cls, (column, aggfunc))
        return t

    @property
    def column(self):
        return self[0]

    @property
    def aggfunc(self):
        return self[1]
