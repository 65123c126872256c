# hipy's pandas: DataFrame.
#
# A DataFrame is a plan node, the labels of its columns with the plan
# columns holding them, and an index (plan columns or a range). Column
# selection only narrows the labels; assignments, filters, sorts, group-bys
# and merges add plan nodes; printing, len() of a filtered frame, to_numpy,
# iteration and the like run the plan.


class DataFrame:
    __module__ = "pandas"
    _is_frame = True

    def __init__(self, data=None, index=None, columns=None, dtype=None, copy=None):
        dname = _dtype_name(dtype)
        if isinstance(data, DataFrame):
            self._init_from(data._plan, list(data._labels), list(data._names), data._ix, data._cname)
            if columns is not None:
                sel = self[list(columns)]
                self._init_from(sel._plan, sel._labels, sel._names, sel._ix, sel._cname)
            if index is not None:
                r = self.reindex(index)
                self._init_from(r._plan, r._labels, r._names, r._ix, r._cname)
            if dname is not None:
                r = self.astype(dname)
                self._init_from(r._plan, r._labels, r._names, r._ix, r._cname)
            return
        if isinstance(data, Series):
            name = data.name if data.name is not None else 0
            f = data.to_frame(name)
            self._init_from(f._plan, f._labels, f._names, f._ix, None)
            return
        if data is None:
            data = {}
        if isinstance(data, _ndarray):
            if data.ndim != 2:
                raise ValueError(f"Must pass 2-d input. shape={data.shape}")
            ncol = data.shape[1]
            labels = list(columns) if columns is not None else list(range(ncol))
            if len(labels) != ncol:
                raise ValueError(f"Shape of passed values is {data.shape}, indices imply ({data.shape[0]}, {len(labels)})")
            data = {labels[j]: data[:, j] for j in range(ncol)}
            columns = None
        elif isinstance(data, (list, tuple)):
            data = _records_to_dict(list(data), columns)
            if columns is not None:
                columns = list(columns)
        elif not isinstance(data, dict):
            raise _unsupported(f"DataFrame({type(data).__name__})")
        self._init_dict(data, index, columns, dname)

    def _init_dict(self, data, index, columns, dname):
        keys = list(data.keys())
        if columns is not None:
            columns = list(columns)
            keys = [k for k in columns]
        series_index = None
        for k in keys:
            v = data.get(k)
            if isinstance(v, Series):
                if series_index is None:
                    series_index = v.index
                elif not series_index.equals(v.index):
                    series_index = series_index.union(v.index)
        if index is None and series_index is not None:
            index = series_index
        n = None
        if index is not None:
            index = _ensure_index(index)
            n = len(index)
        cols = []
        for k in keys:
            if k not in data:
                cols.append(None)
                continue
            v = data[k]
            if isinstance(v, Series):
                if index is not None and not v.index.equals(index):
                    v = v.reindex(index)
                c = v._values_col()
            elif isinstance(v, _ndarray):
                if v.ndim != 1:
                    raise ValueError("Per-column arrays must each be 1-dimensional")
                c = v
            elif isinstance(v, Index):
                c = v._column()
            elif _is_scalar(v):
                c = None
            elif isinstance(v, dict):
                raise _unsupported("DataFrame of a dict of dicts")
            else:
                c = _e.column(list(v), None)
            if c is not None:
                if n is None:
                    n = len(c)
                elif len(c) != n:
                    if index is not None and series_index is None:
                        raise ValueError(f"Length of values ({len(c)}) does not match length of index ({n})")
                    raise ValueError("All arrays must be of the same length")
            cols.append(c)
        if n is None:
            if any(k in data for k in keys):
                raise ValueError("If using all scalar values, you must pass an index")
            n = 0
        for i, k in enumerate(keys):
            if cols[i] is None:
                v = data.get(k, float("nan"))
                cols[i] = _e.column([v] * n, None if k in data else "object")
        pnames, pcols, ix = _index_source(index, n)
        names = [_e.fresh(str(k)) for k in keys]
        plan = _e.source(pnames + names, pcols + cols, n)
        self._init_from(plan, keys, names, ix, None)
        if dname is not None:
            r = self.astype(dname)
            self._init_from(r._plan, r._labels, r._names, r._ix, None)

    def _init_from(self, plan, labels, names, ix, cname=None):
        object.__setattr__(self, "_plan", plan)
        object.__setattr__(self, "_labels", list(labels))
        object.__setattr__(self, "_names", list(names))
        object.__setattr__(self, "_ix", ix)
        object.__setattr__(self, "_cname", cname)

    @classmethod
    def _make(cls, plan, labels, names, ix, exprs=None, cname=None):
        df = object.__new__(DataFrame)
        names = list(names)
        if exprs is not None:
            new = []
            for i, e in enumerate(exprs):
                c = e.column_name() if e is not None else None
                if c is not None and c in plan.names():
                    names[i] = c
                else:
                    names[i] = _e.fresh(str(labels[i]))
                    new.append((names[i], e))
            if new:
                plan = plan.with_columns([n for n, _ in new], [e for _, e in new])
        df._init_from(plan, labels, names, ix, cname)
        return df

    def _replace(self, other):
        self._init_from(other._plan, other._labels, other._names, other._ix, other._cname)

    def _inplace(self, r, inplace):
        if inplace:
            self._replace(r)
            return None
        return r

    def _with(self, plan=None, labels=None, names=None, ix=None):
        return DataFrame._make(self._plan if plan is None else plan,
                               self._labels if labels is None else labels,
                               self._names if names is None else names,
                               self._ix if ix is None else ix, cname=self._cname)

    # -- shape and labels ----------------------------------------------------
    def __len__(self):
        n = self._plan.known_rows()
        if n is None:
            n = self._plan.count_rows(list(dict.fromkeys(_ix_cols(self._ix) + self._names)))
        return n

    @property
    def shape(self):
        return (len(self), len(self._labels))

    @property
    def size(self):
        return len(self) * len(self._labels)

    @property
    def ndim(self):
        return 2

    @property
    def empty(self):
        return len(self._labels) == 0 or len(self) == 0

    @property
    def columns(self):
        if self._labels and all(isinstance(x, tuple) for x in self._labels):
            return MultiIndex.from_tuples(self._labels)
        if not self._labels:
            ix = Index([], dtype="object", name=self._cname)
        else:
            ix = Index(list(self._labels), name=self._cname)
        ix._owner = (self, "columns")
        return ix

    @columns.setter
    def columns(self, values):
        values = list(values)
        if len(values) != len(self._labels):
            raise ValueError(f"Length mismatch: Expected axis has {len(self._labels)} elements, new values have {len(values)} elements")
        object.__setattr__(self, "_labels", values)
        if isinstance(values, Index):
            object.__setattr__(self, "_cname", values.name)

    @property
    def index(self):
        ix = _ix_index(self._plan, self._ix)
        ix._owner = (self, "index")
        return ix

    @index.setter
    def index(self, value):
        self._replace(self.set_axis(value, axis=0))

    def _index_renamed(self, names):
        object.__setattr__(self, "_ix", _ix_renamed(self._ix, list(names)))

    @property
    def axes(self):
        return [self.index, self.columns]

    def keys(self):
        return self.columns

    def __iter__(self):
        return iter(list(self._labels))

    def __contains__(self, key):
        return key in self._labels

    @property
    def dtypes(self):
        types = self._types()
        return Series(list(map(_dtype_obj, types)), index=Index(list(self._labels)), dtype="object")

    def _types(self):
        """Dtype names of the columns (computing the plan if one depends
        on the data)."""
        all_names = self._plan.names()
        static = self._plan.types()
        pos = [all_names.index(n) for n in self._names]
        if all(static[p] is not None for p in pos):
            return [static[p] for p in pos]
        resolved = self._plan.resolve_types()
        return [resolved[p] for p in pos]

    def _label_pos(self, label):
        try:
            return self._labels.index(label)
        except ValueError:
            raise KeyError(label) from None
        except TypeError:
            raise KeyError(label) from None

    # -- columns ---------------------------------------------------------------
    def _col(self, label):
        i = self._label_pos(label)
        return Series._make(self._plan, _e.col(self._names[i]), self._ix, label)

    def __getitem__(self, key):
        if isinstance(key, Series) and key._is_bool():
            return self._bool_rows(key)
        if isinstance(key, slice):
            if _is_int_slice(key) or self._ix[0] == "range":
                return self._slice_rows(key.start, key.stop, key.step or 1)
            return self.loc[key]
        if isinstance(key, (list, _ndarray, Index)):
            vals = key.tolist() if not isinstance(key, list) else key
            if vals and all(isinstance(v, (bool, _np.bool_)) for v in vals):
                return self._bool_rows(key)
            return self._select(vals)
        if isinstance(key, DataFrame):
            raise _unsupported("DataFrame.__getitem__ with a DataFrame")
        if isinstance(key, tuple) and key not in self._labels:
            raise _unsupported("DataFrame.__getitem__ with a tuple")
        try:
            hash(key)
        except TypeError:
            raise TypeError(f"unhashable type: '{type(key).__name__}'") from None
        if self._labels.count(key) > 1:
            pos = [i for i, l in enumerate(self._labels) if l == key]
            return self._with(labels=[self._labels[i] for i in pos], names=[self._names[i] for i in pos])
        return self._col(key)

    def _select(self, labels):
        missing = [l for l in labels if l not in self._labels]
        if missing:
            if len(missing) == len(labels):
                raise KeyError(f"None of [{_index_repr_for_error(labels)}] are in the [columns]")
            raise KeyError(f"{missing} not in index")
        pos = [self._labels.index(l) for l in labels]
        return self._with(labels=list(labels), names=[self._names[i] for i in pos])

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        labels = object.__getattribute__(self, "_labels")
        if name in labels:
            return self._col(name)
        if name in _FRAME_UNSUPPORTED:
            raise _unsupported(f"DataFrame.{name}")
        raise AttributeError(f"'DataFrame' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        if name in ("columns", "index"):
            object.__setattr__(self, name, value)
            return
        if not name.startswith("_") and name in self._labels:
            self[name] = value
            return
        object.__setattr__(self, name, value)

    def _value_expr(self, value, label=None):
        """An expression over this frame's plan for an assigned value."""
        if isinstance(value, Series):
            if _same_rows(self, value):
                return value._e_expr()
            if self._plan.num_rows() == 0 and not self._labels:
                raise _unsupported("assigning a Series to an empty DataFrame")
            r = value.reindex(self.index) if not value.index.equals(self.index) else value
            return _e.data(r._values_col())
        if isinstance(value, DataFrame):
            if len(value._labels) != 1:
                how = "without columns to the" if not value._labels else "with multiple columns to the single"
                raise ValueError(f"Cannot set a DataFrame {how} column {label}")
            return self._value_expr(value[value._labels[0]], label)
        if _is_scalar(value):
            return _e.lit(value)
        if isinstance(value, (list, tuple, range, _ndarray, Index)):
            col = _column_of(value if isinstance(value, _ndarray) else list(value))
            n = len(self)
            if len(col) != n:
                raise ValueError(f"Length of values ({len(col)}) does not match length of index ({n})")
            return _e.data(col)
        raise _unsupported(f"assigning a {type(value).__name__} to a column")

    def __setitem__(self, key, value):
        if isinstance(key, (list, tuple)) and not (isinstance(key, tuple) and key in self._labels):
            if isinstance(value, DataFrame):
                if len(value._labels) != len(key):
                    raise ValueError("Columns must be same length as key")
                for k, l in zip(key, value._labels):
                    self[k] = value[l]
                return
            for k in key:
                self[k] = value
            return
        if isinstance(key, Series) and key._is_bool():
            raise _unsupported("DataFrame.__setitem__ with a boolean mask (use .loc)")
        if not self._labels and self._ix == ("range", 0, 1, None) and self._plan.num_rows() == 0:
            if isinstance(value, Series):
                f = value.to_frame(key)
                self._replace(f)
                return
            if isinstance(value, (list, tuple, range, _ndarray)):
                self._replace(DataFrame({key: value}))
                return
        expr = self._value_expr(value, key)
        name = _e.fresh(str(key))
        plan = self._plan.with_columns([name], [expr])
        labels = list(self._labels)
        names = list(self._names)
        if key in labels:
            names[labels.index(key)] = name
        else:
            labels.append(key)
            names.append(name)
        self._init_from(plan, labels, names, self._ix, self._cname)

    def __delitem__(self, key):
        i = self._label_pos(key)
        del self._labels[i]
        del self._names[i]

    def pop(self, item):
        s = self[item]
        del self[item]
        return s

    def insert(self, loc, column, value, allow_duplicates=False):
        if column in self._labels and not allow_duplicates:
            raise ValueError(f"cannot insert {column}, already exists")
        expr = self._value_expr(value, column)
        name = _e.fresh(str(column))
        plan = self._plan.with_columns([name], [expr])
        labels = list(self._labels)
        names = list(self._names)
        labels.insert(loc, column)
        names.insert(loc, name)
        self._init_from(plan, labels, names, self._ix, self._cname)

    def assign(self, **kwargs):
        df = self.copy()
        for k, v in kwargs.items():
            if callable(v):
                v = v(df)
            df[k] = v
        return df

    def copy(self, deep=True):
        return self._with()

    # -- rows ------------------------------------------------------------------
    def _filter(self, pred):
        plan, ix = _ix_concrete(self._plan, self._ix)
        return self._with(plan=plan.filter(pred), ix=ix)

    def _bool_rows(self, key):
        if isinstance(key, Series):
            if _same_rows(self, key):
                return self._filter(key._e_expr())
            if not key.index.equals(self.index):
                raise IndexingError("Unalignable boolean Series provided as indexer (index of the boolean Series and of the indexed object do not match).")
            return self._filter(_e.data(key._values_col()))
        col = _column_of(key if isinstance(key, _ndarray) else list(key))
        if len(col) != len(self):
            raise ValueError(f"Item wrong length {len(col)} instead of {len(self)}.")
        return self._filter(_e.data(col))

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
        return self._with(plan=self._plan.slice(start, m), ix=_ix_sliced(self._ix, start))

    def _take_positions(self, pos):
        n = len(self)
        pos = [p + n if p < 0 else p for p in pos]
        for p in pos:
            if p < 0 or p >= n:
                raise IndexError("positional indexers are out-of-bounds")
        plan, ix = _ix_concrete(self._plan, self._ix)
        cols = _ix_cols(ix) + self._names
        uniq = list(dict.fromkeys(cols))
        full = plan.collect(uniq)
        taken = [c.take(pos) for c in full]
        src = _e.source(uniq, taken, len(pos))
        return self._with(plan=src, ix=ix)

    def _sliced(self, a, m):
        return self._with(plan=self._plan.slice(a, m), ix=_ix_sliced(self._ix, a))

    def head(self, n=5):
        if n < 0:
            n = max(len(self) + n, 0)
        return self._slice_rows(0, n)

    def tail(self, n=5):
        m = len(self)
        if n < 0:
            n = max(m + n, 0)
        return self._slice_rows(max(m - n, 0), m)

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

    # -- printing ----------------------------------------------------------------
    def _rows_for_display(self, row_parts, col_pos):
        """Values of the shown columns and index levels for rows in
        `row_parts`, and the columns' dtypes."""
        types = self._types()
        names = [self._names[p] for p in col_pos]
        dtypes = [types[p] for p in col_pos]
        ixc = _ix_cols(self._ix)
        data = [[] for _ in names]
        ix_vals = [[] for _ in ixc]
        for a, b in row_parts:
            plan = self._plan.slice(a, b - a)
            uniq = list(dict.fromkeys(ixc + names))
            cols = dict(zip(uniq, plan.collect(uniq)))
            for k, nm in enumerate(names):
                c = cols[nm]
                if c.dtype != dtypes[k]:
                    c = c.cast(dtypes[k])
                data[k].extend(c.tolist())
            for k, nm in enumerate(ixc):
                ix_vals[k].extend(cols[nm].tolist())
        if self._ix[0] == "range":
            start, step, name = self._ix[1], self._ix[2], self._ix[3]
            rows = []
            for a, b in row_parts:
                rows.extend(range(a, b))
            vals = [start + step * r for r in rows]
            contiguous = len(row_parts) == 1
            levels = [(vals, "int64", name, (start + step * row_parts[0][0], step) if contiguous else None)]
        else:
            all_names = self._plan.names()
            static = self._plan.types()
            levels = []
            for k, nm in enumerate(ixc):
                t = static[all_names.index(nm)]
                if t is None:
                    t = self._plan.resolve_types()[all_names.index(nm)]
                levels.append((ix_vals[k], t, self._ix[2][k], None))
        return data, levels, dtypes

    def __repr__(self):
        return _frame_to_string(
            self, max_rows=get_option("display.max_rows"), min_rows=get_option("display.min_rows"),
            max_cols=get_option("display.max_columns"), line_width=get_option("display.width"),
            show_dimensions=get_option("display.show_dimensions"),
        )

    __str__ = __repr__

    def to_string(self, buf=None, columns=None, col_space=None, header=True, index=True,
                  na_rep="NaN", formatters=None, float_format=None, max_rows=None, max_cols=None,
                  show_dimensions=False, line_width=None, min_rows=None):
        if col_space is not None or formatters is not None or float_format is not None or na_rep != "NaN":
            raise _unsupported("DataFrame.to_string(col_space=/formatters=/float_format=/na_rep=)")
        df = self if columns is None else self[list(columns)]
        with _no_colwidth():
            text = _frame_to_string(df, max_rows=max_rows, min_rows=min_rows, max_cols=max_cols,
                                    line_width=line_width, show_dimensions=show_dimensions,
                                    index=index, header=header)
        if buf is not None:
            buf.write(text)
            return None
        return text

    def _hipy_explain(self):
        return self._plan.explain(list(dict.fromkeys(_ix_cols(self._ix) + self._names))).rstrip("\n")

    def info(self, verbose=None, buf=None, max_cols=None, memory_usage=None, show_counts=None):
        raise _unsupported("DataFrame.info")

    # -- conversion ----------------------------------------------------------------
    def _columns_computed(self):
        """All columns, computed in one plan run."""
        if not self._names:
            return []
        uniq = list(dict.fromkeys(self._names))
        cols = dict(zip(uniq, self._plan.collect(uniq)))
        return [cols[n] for n in self._names]

    def to_numpy(self, dtype=None, copy=False, na_value=_no_default):
        types = self._types()
        if any(t in ("str", "object") for t in types):
            raise _unsupported("DataFrame.to_numpy of str or object columns (NumPy object arrays)")
        cols = [c.to_numpy() for c in self._columns_computed()]
        if not cols:
            return _np.zeros((len(self), 0))
        a = _np.stack(cols, axis=1) if len(cols) > 1 else cols[0].reshape(-1, 1)
        return a.astype(dtype) if dtype is not None else a

    @property
    def values(self):
        return self.to_numpy()

    def __array__(self, dtype=None, copy=None):
        return self.to_numpy(dtype)

    def to_dict(self, orient="dict", into=dict, index=True):
        cols = [c.tolist() for c in self._columns_computed()]
        ixv = self.index.tolist()
        if orient == "dict":
            return into((l, dict(zip(ixv, c))) for l, c in zip(self._labels, cols))
        if orient == "list":
            return into((l, c) for l, c in zip(self._labels, cols))
        if orient == "records":
            return [into(zip(self._labels, row)) for row in zip(*cols)] if cols else [into() for _ in ixv]
        if orient == "index":
            return into((i, dict(zip(self._labels, row))) for i, row in zip(ixv, zip(*cols)))
        if orient == "series":
            return into((l, self[l]) for l in self._labels)
        if orient == "split":
            return {"index": ixv, "columns": list(self._labels), "data": [list(r) for r in zip(*cols)]}
        raise ValueError(f"orient '{orient}' not understood")

    def items(self):
        for l in self._labels:
            yield l, self[l]

    def iterrows(self):
        cols = self._columns_computed()
        kind = _row_kind(self._types())
        labels = list(self._labels)
        ixv = self.index.tolist()
        lists = [c.tolist() for c in cols]
        for i, label in enumerate(ixv):
            yield label, _Row(labels, [l[i] for l in lists], kind, label)

    def itertuples(self, index=True, name="Pandas"):
        import collections
        cols = [c.tolist() for c in self._columns_computed()]
        fields = (["Index"] if index else []) + [str(l) for l in self._labels]
        if name is not None:
            T = collections.namedtuple(name, fields, rename=True)
        rows = zip(self.index.tolist(), *cols) if index else zip(*cols)
        for r in rows:
            yield T(*r) if name is not None else tuple(r)

    def apply(self, func, axis=0, raw=False, result_type=None, args=(), by_row="compat", **kwargs):
        if axis in (1, "columns"):
            if raw or result_type is not None:
                raise _unsupported("DataFrame.apply(raw=/result_type=)")
            if not args and not kwargs and _STAGING:
                staged = _stage_row_udf(func, self)
                if staged is not None:
                    return staged
            cols = self._columns_computed()
            kind = _row_kind(self._types())
            labels = list(self._labels)
            lists = [c.tolist() for c in cols]
            ixv = self.index.tolist()
            rows = [_Row(labels, list(vals), kind, i) for i, vals in zip(ixv, zip(*lists))] if lists else []
            if args or kwargs:
                out = [func(r, *args, **kwargs) for r in rows]
            else:
                out = _apply_loop(func, rows)
            if out and isinstance(out[0], (_Row, Series)):
                raise _unsupported("DataFrame.apply(axis=1) returning rows")
            col = _e.column(out, None)
            return Series._make(self._plan, _e.data(col), self._ix, None, col)
        if isinstance(func, str):
            return getattr(self, func)()
        results = [func(self[l], *args, **kwargs) for l in self._labels]
        if results and all(isinstance(r, Series) for r in results):
            return DataFrame({l: r for l, r in zip(self._labels, results)})
        return Series(results, index=Index(list(self._labels)))

    def map(self, func, na_action=None):
        return DataFrame._make(self._plan, list(self._labels), list(self._names), self._ix,
                               exprs=[self[l].map(func, na_action=na_action)._e_expr() for l in self._labels])

    applymap = map

    def pipe(self, func, *args, **kwargs):
        return func(self, *args, **kwargs)

    # -- arithmetic ----------------------------------------------------------------
    def _binop(self, other, op, reverse=False):
        if isinstance(other, DataFrame):
            if not _same_rows(self, other) or list(self._labels) != list(other._labels):
                if list(self._labels) == list(other._labels) and self.index.equals(other.index):
                    other = DataFrame._make(self._plan, other._labels, other._names, self._ix,
                                            exprs=[_e.data(c) for c in other._columns_computed()])
                else:
                    raise _unsupported("arithmetic between DataFrames with different rows or columns")
            exprs = []
            for l in self._labels:
                a, b = self[l], other[l]
                r = b._binop(a, op) if reverse else a._binop(b, op)
                exprs.append(r._e_expr())
            return DataFrame._make(self._plan, list(self._labels), [None] * len(exprs), self._ix, exprs=exprs)
        if isinstance(other, Series):
            raise _unsupported("arithmetic between a DataFrame and a Series")
        if not _is_scalar(other):
            return NotImplemented
        exprs = []
        for l in self._labels:
            r = self[l]._binop(other, op, reverse)
            if r is NotImplemented:
                return NotImplemented
            exprs.append(r._e_expr())
        return DataFrame._make(self._plan, list(self._labels), [None] * len(exprs), self._ix, exprs=exprs)

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

    def __mod__(self, o):
        return self._binop(o, "%")

    def __pow__(self, o):
        return self._binop(o, "**")

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

    def __or__(self, o):
        return self._binop(o, "|")

    __hash__ = None

    def __neg__(self):
        return self._map_columns(lambda s: -s)

    def __invert__(self):
        return self._map_columns(lambda s: ~s)

    def __abs__(self):
        return self._map_columns(lambda s: abs(s))

    def abs(self):
        return self.__abs__()

    def _map_columns(self, f, labels=None):
        labels = list(self._labels) if labels is None else labels
        exprs = [f(self[l])._e_expr() for l in labels]
        return DataFrame._make(self._plan, labels, [None] * len(labels), self._ix, exprs=exprs, cname=self._cname)

    def add(self, other, fill_value=None):
        return self._binop(other, "+")

    def sub(self, other, fill_value=None):
        return self._binop(other, "-")

    def mul(self, other, fill_value=None):
        return self._binop(other, "*")

    def div(self, other, fill_value=None):
        return self._binop(other, "/")

    truediv = div

    def round(self, decimals=0):
        if isinstance(decimals, dict):
            return self._map_columns_named(lambda l, s: s.round(decimals[l]) if l in decimals else s)
        return self._map_columns_named(lambda l, s: s.round(decimals) if _is_numeric_name(s._dtype_name()) else s)

    def _map_columns_named(self, f):
        exprs = [f(l, self[l])._e_expr() for l in self._labels]
        return DataFrame._make(self._plan, list(self._labels), [None] * len(exprs), self._ix, exprs=exprs, cname=self._cname)

    def astype(self, dtype, copy=None, errors="raise"):
        if isinstance(dtype, dict):
            for k in dtype:
                if k not in self._labels:
                    raise KeyError("Only a column name can be used for the key in a dtype mappings argument. "
                                   f"'{k}' not found in columns.")
            return self._map_columns_named(lambda l, s: s.astype(dtype[l]) if l in dtype else s)
        return self._map_columns_named(lambda l, s: s.astype(dtype))

    def isna(self):
        return self._map_columns(lambda s: s.isna())

    isnull = isna

    def notna(self):
        return self._map_columns(lambda s: s.notna())

    notnull = notna

    def isin(self, values):
        if isinstance(values, dict):
            return self._map_columns_named(lambda l, s: s.isin(values[l]) if l in values else s.isin([]))
        return self._map_columns(lambda s: s.isin(values))

    def fillna(self, value=None, method=None, axis=None, inplace=False, limit=None):
        if method is not None or limit is not None:
            raise _unsupported("DataFrame.fillna(method=/limit=)")
        if isinstance(value, dict):
            r = self._map_columns_named(lambda l, s: s.fillna(value[l]) if l in value else s)
        elif isinstance(value, (Series, DataFrame)):
            raise _unsupported("DataFrame.fillna with a Series or DataFrame")
        else:
            r = self._map_columns_named(lambda l, s: s.fillna(value) if _fillable(s, value) else s)
        return self._inplace(r, inplace)

    def ffill(self):
        return self._map_columns(lambda s: s.ffill())

    def bfill(self):
        return self._map_columns(lambda s: s.bfill())

    def dropna(self, axis=0, how=_no_default, thresh=_no_default, subset=None, inplace=False, ignore_index=False):
        if axis in (1, "columns"):
            raise _unsupported("DataFrame.dropna(axis=1)")
        if how is _no_default:
            how = "any"
        labels = list(self._labels) if subset is None else (list(subset) if _is_list_like(subset) else [subset])
        for l in labels:
            self._label_pos(l)
        pred = None
        if thresh is not _no_default:
            raise _unsupported("DataFrame.dropna(thresh=)")
        for l in labels:
            e = self[l]._e_expr().unary("notna")
            if pred is None:
                pred = e
            else:
                pred = pred.binary("&" if how == "any" else "|", e)
        r = self if pred is None else self._filter(pred)
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def where(self, cond, other=_no_default):
        if isinstance(cond, DataFrame):
            return self._map_columns_named(lambda l, s: s.where(cond[l], other))
        raise _unsupported("DataFrame.where with this condition")

    def mask(self, cond, other=_no_default):
        if isinstance(cond, DataFrame):
            return self._map_columns_named(lambda l, s: s.mask(cond[l], other))
        raise _unsupported("DataFrame.mask with this condition")

    def clip(self, lower=None, upper=None):
        return self._map_columns(lambda s: s.clip(lower, upper))

    def replace(self, to_replace=None, value=_no_default, inplace=False, regex=False):
        r = self._map_columns(lambda s: s.replace(to_replace, value, regex=regex))
        return self._inplace(r, inplace)

    def equals(self, other):
        if not isinstance(other, DataFrame) or list(self._labels) != list(other._labels):
            return False
        if not self.index.equals(other.index):
            return False
        return all(a.equals(b) for a, b in zip(self._columns_computed(), other._columns_computed()))

    # -- reductions --------------------------------------------------------------
    def _reduce(self, op, axis=0, numeric_only=False, skipna=True, **kw):
        if axis in (1, "columns"):
            return self._reduce_rows(op, numeric_only, skipna)
        types = self._types()
        labels = []
        vals = []
        for l, t in zip(self._labels, types):
            if numeric_only and not _is_numeric_name(t):
                continue
            if op in ("mean", "median", "std", "var") and not _is_numeric_name(t):
                raise TypeError(f"Cannot perform reduction '{op}' with string dtype" if t == "str" else
                                f"could not convert string to float")
            labels.append(l)
            vals.append(getattr(self[l], op)(skipna=skipna, **kw) if op not in ("count", "nunique") else getattr(self[l], op)())
        if op in ("count", "nunique"):
            return Series(vals, index=Index(labels), dtype="int64")
        return Series(vals, index=Index(labels) if labels else Index([], dtype="object"))

    def _reduce_rows(self, op, numeric_only, skipna):
        types = self._types()
        labels = [l for l, t in zip(self._labels, types) if not numeric_only or _is_numeric_name(t)]
        if op not in ("sum", "mean", "min", "max", "count", "prod"):
            raise _unsupported(f"DataFrame.{op}(axis=1)")
        if op == "count":
            r = None
            for l in labels:
                e = self[l].notna().astype("int64")
                r = e if r is None else r + e
            return r
        acc = None
        cnt = None
        for l in labels:
            s = self[l]
            if s._dtype_name() == "bool":
                s = s.astype("int64")
            if op in ("sum", "mean"):
                v = s.fillna(0) if skipna else s
                acc = v if acc is None else acc + v
                c = s.notna().astype("int64")
                cnt = c if cnt is None else cnt + c
            elif op == "prod":
                v = s.fillna(1) if skipna else s
                acc = v if acc is None else acc * v
            else:
                acc = s if acc is None else acc.where((acc >= s if op == "max" else acc <= s) | s.isna(), s)
        if op == "mean":
            acc = acc / cnt
        acc._name = None
        return acc

    def sum(self, axis=0, skipna=True, numeric_only=False, min_count=0):
        return self._reduce("sum", axis, numeric_only, skipna)

    def prod(self, axis=0, skipna=True, numeric_only=False):
        return self._reduce("prod", axis, numeric_only, skipna)

    def mean(self, axis=0, skipna=True, numeric_only=False):
        return self._reduce("mean", axis, numeric_only, skipna)

    def median(self, axis=0, skipna=True, numeric_only=False):
        return self._reduce("median", axis, numeric_only, skipna)

    def min(self, axis=0, skipna=True, numeric_only=False):
        return self._reduce("min", axis, numeric_only, skipna)

    def max(self, axis=0, skipna=True, numeric_only=False):
        return self._reduce("max", axis, numeric_only, skipna)

    def std(self, axis=0, skipna=True, ddof=1, numeric_only=False):
        return self._reduce("std", axis, numeric_only, skipna, ddof=ddof)

    def var(self, axis=0, skipna=True, ddof=1, numeric_only=False):
        return self._reduce("var", axis, numeric_only, skipna, ddof=ddof)

    def count(self, axis=0, numeric_only=False):
        return self._reduce("count", axis, numeric_only)

    def nunique(self, axis=0, dropna=True):
        return self._reduce("nunique", axis)

    def any(self, axis=0, bool_only=False, skipna=True):
        return Series([bool(self[l].any()) for l in self._labels], index=Index(list(self._labels)))

    def all(self, axis=0, bool_only=False, skipna=True):
        return Series([bool(self[l].all()) for l in self._labels], index=Index(list(self._labels)))

    def idxmax(self, axis=0, skipna=True, numeric_only=False):
        return Series([self[l].idxmax() for l in self._labels], index=Index(list(self._labels)))

    def idxmin(self, axis=0, skipna=True, numeric_only=False):
        return Series([self[l].idxmin() for l in self._labels], index=Index(list(self._labels)))

    def agg(self, func=None, axis=0, *args, **kwargs):
        if isinstance(func, str):
            return getattr(self, func)()
        if isinstance(func, (list, tuple)):
            names = [f if isinstance(f, str) else f.__name__ for f in func]
            data = {l: [self[l].agg(f) for f in func] for l in self._labels}
            return DataFrame(data, index=Index(names))
        if isinstance(func, dict):
            out = {}
            for l, f in func.items():
                if isinstance(f, (list, tuple)):
                    raise _unsupported("DataFrame.agg with a dict of lists")
                out[l] = self[l].agg(f)
            return Series(list(out.values()), index=Index(list(out.keys())))
        if callable(func):
            return self.apply(func)
        raise _unsupported("DataFrame.agg with this argument")

    aggregate = agg

    def quantile(self, q=0.5, numeric_only=False):
        types = self._types()
        labels = [l for l, t in zip(self._labels, types) if _is_numeric_name(t)]
        if _is_list_like(q):
            return DataFrame({l: self[l].quantile(list(q)).tolist() for l in labels}, index=Index(list(q)))
        return Series([self[l].quantile(q) for l in labels], index=Index(labels), name=q)

    def describe(self, percentiles=None, include=None, exclude=None):
        types = self._types()
        if include == "all":
            labels = list(self._labels)
        elif include is None:
            labels = [l for l, t in zip(self._labels, types) if t in ("int64", "float64")]
            if not labels:
                labels = list(self._labels)
        else:
            raise _unsupported("DataFrame.describe(include=...)")
        parts = {l: self[l].describe(percentiles) for l in labels}
        if all(p.index.tolist()[0] == "count" and len(p) > 4 for p in parts.values()):
            first = next(iter(parts.values()))
            return DataFrame({l: p.tolist() for l, p in parts.items()}, index=first.index)
        raise _unsupported("DataFrame.describe of mixed str and numeric columns")

    def cumsum(self):
        return self._map_columns(lambda s: s.cumsum())

    def cumprod(self):
        return self._map_columns(lambda s: s.cumprod())

    def cummax(self):
        return self._map_columns(lambda s: s.cummax())

    def cummin(self):
        return self._map_columns(lambda s: s.cummin())

    def diff(self, periods=1):
        return self._map_columns(lambda s: s.diff(periods))

    def shift(self, periods=1, fill_value=_no_default):
        return self._map_columns(lambda s: s.shift(periods, fill_value=fill_value))

    def pct_change(self, periods=1):
        return self._map_columns(lambda s: s.pct_change(periods))

    def rank(self, method="average", ascending=True):
        return self._map_columns(lambda s: s.rank(method=method, ascending=ascending))

    # -- reshaping ------------------------------------------------------------------
    def sort_values(self, by, axis=0, ascending=True, inplace=False, kind="quicksort",
                    na_position="last", ignore_index=False, key=None):
        if key is not None:
            raise _unsupported("DataFrame.sort_values(key=)")
        if axis not in (0, "index"):
            raise _unsupported("DataFrame.sort_values(axis=1)")
        by = list(by) if isinstance(by, (list, tuple)) else [by]
        asc = list(ascending) if isinstance(ascending, (list, tuple)) else [ascending] * len(by)
        if len(asc) != len(by):
            raise ValueError(f"Length of ascending ({len(asc)}) != length of by ({len(by)})")
        if na_position not in ("first", "last"):
            raise ValueError(f"invalid na_position: {na_position}")
        names = [self._names[self._label_pos(b)] for b in by]
        plan, ix = _ix_concrete(self._plan, self._ix)
        stable = kind in ("stable", "mergesort") or len(by) > 1
        plan = plan.sort(names, [not a for a in asc], na_position == "first", stable)
        r = self._with(plan=plan, ix=ix)
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def sort_index(self, axis=0, ascending=True, inplace=False, kind="quicksort", na_position="last",
                   ignore_index=False, key=None, level=None):
        if axis in (1, "columns"):
            order = sorted(range(len(self._labels)), key=lambda i: self._labels[i], reverse=not ascending)
            r = self._with(labels=[self._labels[i] for i in order], names=[self._names[i] for i in order])
            return self._inplace(r, inplace)
        if key is not None or level is not None:
            raise _unsupported("DataFrame.sort_index(key=/level=)")
        if self._ix[0] == "range" and self._ix[2] > 0 and ascending is True:
            return self._inplace(self.copy(), inplace)
        plan, ix = _ix_concrete(self._plan, self._ix)
        cols = _ix_cols(ix)
        asc = list(ascending) if isinstance(ascending, (list, tuple)) else [ascending] * len(cols)
        stable = kind in ("stable", "mergesort") or len(cols) > 1
        plan = plan.sort(cols, [not a for a in asc], na_position == "first", stable)
        r = self._with(plan=plan, ix=ix)
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def nlargest(self, n, columns, keep="first"):
        return self._select_n(n, columns, keep, True)

    def nsmallest(self, n, columns, keep="first"):
        return self._select_n(n, columns, keep, False)

    def _select_n(self, n, columns, keep, largest):
        if keep != "first":
            raise _unsupported("DataFrame.nlargest/nsmallest(keep=...)")
        cols = list(columns) if isinstance(columns, (list, tuple)) else [columns]
        r = self.dropna(subset=cols) if len(cols) == 1 else self
        return r.sort_values(cols, ascending=not largest, kind="stable").head(n)

    def drop(self, labels=None, axis=0, index=None, columns=None, inplace=False, errors="raise"):
        if labels is not None:
            if axis in (1, "columns"):
                columns = labels
            else:
                index = labels
        r = self
        if columns is not None:
            cols = list(columns) if _is_list_like(columns) else [columns]
            missing = [c for c in cols if c not in self._labels]
            if missing and errors == "raise":
                raise KeyError(f"{missing} not found in axis")
            keep = [i for i, l in enumerate(self._labels) if l not in cols]
            r = r._with(labels=[self._labels[i] for i in keep], names=[self._names[i] for i in keep])
        if index is not None:
            rows = list(index) if _is_list_like(index) else [index]
            ixv = r.index
            present = set(ixv.tolist())
            missing = [x for x in rows if x not in present]
            if missing and errors == "raise":
                raise KeyError(f"{missing} not found in axis")
            mask = [v not in rows for v in ixv.tolist()]
            r = r._bool_rows(mask)
        return self._inplace(r, inplace)

    def rename(self, mapper=None, index=None, columns=None, axis=None, copy=None, inplace=False, level=None, errors="ignore"):
        if mapper is not None:
            if axis in (1, "columns"):
                columns = mapper
            else:
                index = mapper
        r = self
        if columns is not None:
            f = columns if callable(columns) else (lambda k: columns.get(k, k))
            if errors == "raise" and isinstance(columns, dict):
                missing = [k for k in columns if k not in self._labels]
                if missing:
                    raise KeyError(f"{missing} not found in axis")
            r = r._with(labels=[f(l) for l in self._labels])
        if index is not None:
            f = index if callable(index) else (lambda k: index.get(k, k))
            ixv = r.index
            r = r.set_axis(Index([f(x) for x in ixv.tolist()], name=ixv.name), axis=0)
        return self._inplace(r, inplace)

    def rename_axis(self, mapper=None, index=None, columns=None, axis=0, inplace=False):
        r = self.copy()
        if columns is not None or axis in (1, "columns"):
            object.__setattr__(r, "_cname", columns if columns is not None else mapper)
        else:
            name = mapper if mapper is not None else index
            names = list(name) if isinstance(name, (list, tuple)) else [name]
            object.__setattr__(r, "_ix", _ix_renamed(self._ix, names))
        return self._inplace(r, inplace)

    def add_prefix(self, prefix):
        return self._with(labels=[f"{prefix}{l}" for l in self._labels])

    def add_suffix(self, suffix):
        return self._with(labels=[f"{l}{suffix}" for l in self._labels])

    def set_axis(self, labels, axis=0, copy=None):
        if axis in (1, "columns"):
            r = self.copy()
            r.columns = labels
            return r
        index = _ensure_index(labels)
        n = len(self)
        if len(index) != n:
            raise ValueError(f"Length mismatch: Expected axis has {n} elements, new values have {len(index)} elements")
        if isinstance(index, RangeIndex):
            return self._with(ix=("range", index.start, index.step, index.name))
        pnames, pcols, ix = _index_source(index, n)
        plan = self._plan.with_columns(pnames, [_e.data(c) for c in pcols])
        return self._with(plan=plan, ix=ix)

    def reset_index(self, level=None, drop=False, inplace=False, col_level=0, col_fill="", allow_duplicates=False, names=None):
        if level is not None:
            raise _unsupported("DataFrame.reset_index(level=)")
        if drop:
            r = self._with(ix=("range", 0, 1, None))
            return self._inplace(r, inplace)
        plan, ix = _ix_concrete(self._plan, self._ix)
        ixnames = list(ix[2])
        if names is not None:
            ixnames = list(names) if isinstance(names, (list, tuple)) else [names]
        labels = []
        for k, nm in enumerate(ixnames):
            if nm is None:
                nm = "index" if len(ixnames) == 1 else f"level_{k}"
                if nm in self._labels and len(ixnames) == 1:
                    nm = "level_0"
            if nm in self._labels and not allow_duplicates:
                raise ValueError(f"cannot insert {nm}, already exists")
            labels.append(nm)
        r = self._with(plan=plan, labels=labels + list(self._labels), names=list(ix[1]) + list(self._names),
                       ix=("range", 0, 1, None))
        return self._inplace(r, inplace)

    def set_index(self, keys, drop=True, append=False, inplace=False, verify_integrity=False):
        keys = list(keys) if isinstance(keys, (list, tuple)) else [keys]
        if append:
            raise _unsupported("DataFrame.set_index(append=True)")
        missing = [k for k in keys if not isinstance(k, (Series, Index, _ndarray, list)) and k not in self._labels]
        if missing:
            raise KeyError(f"None of {missing} are in the columns")
        cols = []
        names = []
        plan = self._plan
        for k in keys:
            if isinstance(k, (Series, Index, _ndarray, list)):
                arr = k if isinstance(k, (Series, Index)) else Index(k)
                if len(arr) != len(self):
                    raise ValueError(f"Length mismatch: Expected {len(self)} rows, received array of length {len(arr)}")
                if isinstance(arr, Series) and _same_rows(self, arr):
                    n = _e.fresh(str(arr.name))
                    plan = plan.with_columns([n], [arr._e_expr()])
                else:
                    c = arr._values_col() if isinstance(arr, Series) else arr._column()
                    n = _e.fresh(str(arr.name))
                    plan = plan.with_columns([n], [_e.data(c)])
                cols.append(n)
                names.append(arr.name)
                continue
            cols.append(self._names[self._labels.index(k)])
            names.append(k)
        if drop:
            keep = [i for i, l in enumerate(self._labels) if not any(l == k for k in keys if _is_scalar(k))]
        else:
            keep = list(range(len(self._labels)))
        ix = ("cols", tuple(cols), tuple(names)) + ((True,) if len(cols) == 1 else ())
        r = self._with(plan=plan, labels=[self._labels[i] for i in keep], names=[self._names[i] for i in keep], ix=ix)
        return self._inplace(r, inplace)

    def reindex(self, index=None, columns=None, fill_value=None):
        r = self
        if columns is not None:
            data = {}
            for c in columns:
                data[c] = r[c] if c in r._labels else float("nan")
            out = DataFrame._make(r._plan, list(columns), [None] * len(list(columns)), r._ix,
                                  exprs=[r[c]._e_expr() if c in r._labels else _e.lit(float("nan") if fill_value is None else fill_value) for c in columns])
            r = out
        if index is not None:
            target = _ensure_index(index)
            cols = {l: r[l].reindex(target, fill_value=fill_value) for l in r._labels}
            r = DataFrame(cols, index=target)
        return r

    def drop_duplicates(self, subset=None, keep="first", inplace=False, ignore_index=False):
        r = self[~self.duplicated(subset=subset, keep=keep)]
        if ignore_index:
            r = r.reset_index(drop=True)
        return self._inplace(r, inplace)

    def duplicated(self, subset=None, keep="first"):
        labels = list(self._labels) if subset is None else (list(subset) if _is_list_like(subset) else [subset])
        cols = [self[l].tolist() for l in labels]
        seen = {}
        n = len(self)
        out = [False] * n
        order = range(n) if keep != "last" else range(n - 1, -1, -1)
        for i in order:
            k = tuple(_NAN_KEY if (isinstance(c[i], float) and c[i] != c[i]) else c[i] for c in cols)
            if k in seen:
                out[i] = True
                if keep is False:
                    out[seen[k]] = True
            else:
                seen[k] = i
        col = _e.column(out, "bool")
        return Series._make(self._plan, _e.data(col), self._ix, None, col)

    def value_counts(self, subset=None, normalize=False, sort=True, ascending=False, dropna=True):
        labels = list(self._labels) if subset is None else list(subset)
        g = self.groupby(labels, sort=False, dropna=dropna)
        r = g.size()
        r._name = "count"
        if sort:
            r = r.sort_values(ascending=ascending, kind="stable")
        if normalize:
            r = r / r.sum()
            r._name = "proportion"
        return r

    def select_dtypes(self, include=None, exclude=None):
        def names_of(x):
            if x is None:
                return None
            x = x if isinstance(x, (list, tuple)) else [x]
            out = set()
            for t in x:
                if t == "number":
                    out.update(["int64", "float64"])
                elif t in ("object", object, "O"):
                    out.update(["object"])
                elif t in ("str", str, "string"):
                    out.update(["str"])
                else:
                    out.add(_dtype_name(t))
            return out
        inc, exc = names_of(include), names_of(exclude)
        types = self._types()
        keep = [i for i, t in enumerate(types) if (inc is None or t in inc) and (exc is None or t not in exc)]
        return self._with(labels=[self._labels[i] for i in keep], names=[self._names[i] for i in keep])

    def melt(self, id_vars=None, value_vars=None, var_name=None, value_name="value"):
        id_vars = [] if id_vars is None else (list(id_vars) if _is_list_like(id_vars) else [id_vars])
        if value_vars is None:
            value_vars = [l for l in self._labels if l not in id_vars]
        else:
            value_vars = list(value_vars) if _is_list_like(value_vars) else [value_vars]
        var_name = "variable" if var_name is None else var_name
        frames = []
        for v in value_vars:
            d = {i: self[i] for i in id_vars}
            d[var_name] = v
            d[value_name] = self[v]
            frames.append(DataFrame(d))
        return concat(frames, ignore_index=True)

    def groupby(self, by=None, axis=0, level=None, as_index=True, sort=True, group_keys=True, observed=True, dropna=True):
        return DataFrameGroupBy(self, by, level, as_index, sort, dropna)

    def merge(self, right, how="inner", on=None, left_on=None, right_on=None, left_index=False,
              right_index=False, sort=False, suffixes=("_x", "_y"), copy=None, indicator=False, validate=None):
        return merge(self, right, how=how, on=on, left_on=left_on, right_on=right_on, left_index=left_index,
                     right_index=right_index, sort=sort, suffixes=suffixes, indicator=indicator, validate=validate)

    def join(self, other, on=None, how="left", lsuffix="", rsuffix="", sort=False):
        if isinstance(other, Series):
            other = other.to_frame()
        if on is not None:
            return merge(self, other, how=how, left_on=on, right_index=True, sort=sort, suffixes=(lsuffix, rsuffix))
        overlap = [l for l in self._labels if l in other._labels]
        if overlap and not (lsuffix or rsuffix):
            raise ValueError(f"columns overlap but no suffix specified: {Index(overlap)!r}")
        return merge(self, other, how=how, left_index=True, right_index=True, sort=sort, suffixes=(lsuffix, rsuffix))

    def query(self, expr, inplace=False):
        r = self[self.eval(expr)]
        return self._inplace(r, inplace)

    def eval(self, expr):
        import ast
        tree = ast.parse(expr, mode="eval")
        return _eval_node(self, tree.body)

    @property
    def T(self):
        raise _unsupported("DataFrame.T")

    def to_csv(self, path_or_buf=None, sep=",", na_rep="", float_format=None, columns=None, header=True,
               index=True, index_label=None, mode="w", encoding=None, lineterminator=None, quoting=None, **kw):
        return _to_csv(self, path_or_buf, sep, na_rep, float_format, columns, header, index, index_label, mode,
                       lineterminator, kw)


_FRAME_UNSUPPORTED = frozenset((
    "plot", "pivot", "pivot_table", "stack", "unstack", "rolling", "expanding", "ewm", "resample",
    "interpolate", "corr", "cov", "to_json", "to_excel", "to_sql", "to_pickle", "to_parquet", "to_html",
    "to_latex", "to_markdown", "explode", "sample", "transpose", "swapaxes", "asfreq", "style",
    "memory_usage", "xs", "filter", "update", "combine", "combine_first", "compare", "align", "lookup",
    "boxplot", "hist", "mode", "corrwith", "dot", "truncate", "squeeze",
))


def _fillable(s, value):
    return True


def _index_repr_for_error(labels):
    return repr(Index(list(labels)))


def _records_to_dict(data, columns):
    if not data:
        return {c: [] for c in (columns or [])}
    first = data[0]
    if isinstance(first, dict):
        keys = []
        for r in data:
            for k in r:
                if k not in keys:
                    keys.append(k)
        if columns is not None:
            keys = list(columns)
        return {k: [r.get(k, float("nan")) for r in data] for k in keys}
    if isinstance(first, (list, tuple)):
        width = len(first)
        cols = list(columns) if columns is not None else list(range(width))
        if len(cols) != width:
            raise ValueError(f"{len(cols)} columns passed, passed data had {width} columns")
        return {c: [r[j] for r in data] for j, c in enumerate(cols)}
    if isinstance(first, Series):
        raise _unsupported("DataFrame of a list of Series")
    cols = list(columns) if columns is not None else [0]
    return {cols[0]: list(data)}


def _row_kind(types):
    """How a row of these column types looks (pandas' common dtype)."""
    s = set(types)
    if s == {"int64"}:
        return "int64"
    if s <= {"int64", "float64"} and s:
        return "float64"
    if s == {"bool"}:
        return "bool"
    return "object"


class _Row:
    """A row as `apply(axis=1)` and `iterrows` pass it: indexed by column
    label. Anything beyond element access goes through a real Series."""

    __slots__ = ("_labels", "_vals", "_kind", "name", "_lookup")

    def __init__(self, labels, vals, kind, name):
        self._labels = labels
        self._vals = vals
        self._kind = kind
        self.name = name
        self._lookup = None

    def _conv(self, v):
        k = self._kind
        if k == "float64":
            return _np.float64(v)
        if k == "int64":
            return _np.int64(v)
        if k == "bool":
            return _np.bool_(v)
        return v

    def __getitem__(self, key):
        labels = self._labels
        if isinstance(key, str) or not isinstance(key, (list, slice, Series)):
            if self._lookup is None:
                self._lookup = {l: i for i, l in enumerate(labels)}
            i = self._lookup.get(key)
            if i is None:
                raise KeyError(key)
            return self._conv(self._vals[i])
        return self._series()[key]

    def __getattr__(self, name):
        if name in self._labels:
            return self[name]
        return getattr(self._series(), name)

    def _series(self):
        vals = [self._conv(v) for v in self._vals] if self._kind != "object" else self._vals
        return Series(vals, index=Index(list(self._labels)), name=self.name,
                      dtype=self._kind if self._kind != "object" else "object")

    def __len__(self):
        return len(self._vals)

    def __iter__(self):
        return iter([self._conv(v) for v in self._vals])

    def get(self, key, default=None):
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key):
        return key in self._labels

    def keys(self):
        return Index(list(self._labels))

    @property
    def index(self):
        return Index(list(self._labels))

    @property
    def values(self):
        return self._series().values

    def tolist(self):
        return [v for v in self._vals]

    def to_dict(self):
        return dict(zip(self._labels, [self._conv(v) for v in self._vals]))

    def __repr__(self):
        return repr(self._series())

    __str__ = __repr__

    def _op(self, other, op):
        return getattr(self._series(), op)(other)

    def __add__(self, o):
        return self._op(o, "__add__")

    def __mul__(self, o):
        return self._op(o, "__mul__")

    def __sub__(self, o):
        return self._op(o, "__sub__")

    def __truediv__(self, o):
        return self._op(o, "__truediv__")


def _eval_node(df, node):
    """`DataFrame.query`/`eval` expressions: columns, literals, arithmetic,
    comparisons (chained too), and/or/not, `&`/`|`/`~`."""
    import ast
    if isinstance(node, ast.Name):
        if node.id in df._labels:
            return df[node.id]
        raise _unsupported(f"DataFrame.query with the name {node.id!r}")
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.BinOp):
        a, b = _eval_node(df, node.left), _eval_node(df, node.right)
        ops = {ast.Add: "__add__", ast.Sub: "__sub__", ast.Mult: "__mul__", ast.Div: "__truediv__",
               ast.FloorDiv: "__floordiv__", ast.Mod: "__mod__", ast.Pow: "__pow__",
               ast.BitAnd: "__and__", ast.BitOr: "__or__"}
        name = ops.get(type(node.op))
        if name is None:
            raise _unsupported("DataFrame.query with this operator")
        if isinstance(a, Series):
            return getattr(a, name)(b)
        return getattr(b, "__r" + name[2:])(a)
    if isinstance(node, ast.UnaryOp):
        v = _eval_node(df, node.operand)
        if isinstance(node.op, (ast.Not, ast.Invert)):
            return ~v
        if isinstance(node.op, ast.USub):
            return -v
        return v
    if isinstance(node, ast.BoolOp):
        vals = [_eval_node(df, v) for v in node.values]
        r = vals[0]
        for v in vals[1:]:
            r = (r & v) if isinstance(node.op, ast.And) else (r | v)
        return r
    if isinstance(node, ast.Compare):
        left = _eval_node(df, node.left)
        result = None
        for op, right_node in zip(node.ops, node.comparators):
            right = _eval_node(df, right_node)
            ops = {ast.Eq: "__eq__", ast.NotEq: "__ne__", ast.Lt: "__lt__", ast.LtE: "__le__",
                   ast.Gt: "__gt__", ast.GtE: "__ge__"}
            if isinstance(op, (ast.In, ast.NotIn)):
                r = left.isin(right if isinstance(right, (list, tuple)) else [right])
                if isinstance(op, ast.NotIn):
                    r = ~r
            else:
                name = ops[type(op)]
                if isinstance(left, Series):
                    r = getattr(left, name)(right)
                else:
                    swapped = {"__lt__": "__gt__", "__gt__": "__lt__", "__le__": "__ge__", "__ge__": "__le__"}
                    r = getattr(right, swapped.get(name, name))(left)
            result = r if result is None else (result & r)
            left = right
        return result
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_eval_node(df, e) for e in node.elts]
    raise _unsupported("DataFrame.query with this expression")
