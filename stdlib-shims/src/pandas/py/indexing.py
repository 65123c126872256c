# hipy's pandas: `.loc` (labels) and `.iloc` (positions), for Series and
# DataFrames; boolean masks filter in the plan, labels and positions are
# looked up in the computed index.


class IndexingError(Exception):
    pass


def _row_positions_for_labels(obj, key):
    """Positions of the rows `key` (a label, list of labels or label slice)
    selects, and whether a single row was asked for."""
    index = obj.index
    if isinstance(key, slice):
        if key.step not in (None, 1):
            raise _unsupported("label slices with a step")
        n = len(index)
        start = 0
        stop = n
        if key.start is not None:
            loc = index.get_loc(key.start)
            start = loc if isinstance(loc, int) else (loc.start if isinstance(loc, slice) else None)
            if start is None:
                raise KeyError(key.start)
        if key.stop is not None:
            loc = index.get_loc(key.stop)
            stop = loc + 1 if isinstance(loc, int) else (loc.stop if isinstance(loc, slice) else None)
            if stop is None:
                raise KeyError(key.stop)
        return list(range(start, stop)), False
    if isinstance(key, (list, _ndarray, Index, Series)):
        labels = key.tolist() if not isinstance(key, list) else key
        lookup = index._lookup()
        missing = [l for l in labels if l not in lookup]
        if missing:
            if len(missing) == len(labels):
                raise KeyError(f"None of [{_index_repr_for_error(labels)}] are in the [index]")
            raise KeyError(f"{missing} not in index")
        if index.has_duplicates:
            pos = []
            for l in labels:
                pos.extend(index._positions(l))
            return pos, False
        return [lookup[l] for l in labels], False
    loc = index.get_loc(key)
    if isinstance(loc, int):
        return [loc], True
    if isinstance(loc, slice):
        return list(range(loc.start, loc.stop)), False
    return [i for i, b in enumerate(loc.tolist()) if b], False


def _is_bool_key(key):
    if isinstance(key, Series):
        return key._is_bool()
    if isinstance(key, (list, _ndarray)):
        vals = key.tolist() if isinstance(key, _ndarray) else key
        return bool(vals) and all(isinstance(v, (bool, _np.bool_)) for v in vals)
    return False


def _column_labels(df, key):
    """Column labels for the column part of a `.loc` key."""
    if isinstance(key, slice):
        if key == slice(None):
            return list(df._labels), False
        labels = df._labels
        a = 0 if key.start is None else labels.index(key.start)
        b = len(labels) if key.stop is None else labels.index(key.stop) + 1
        return labels[a:b], False
    if _is_bool_key(key):
        vals = key.tolist()
        return [l for l, b in zip(df._labels, vals) if b], False
    if isinstance(key, (list, _ndarray, Index)):
        return list(key), False
    df._label_pos(key)
    return [key], True


class _LocIndexer:
    def __init__(self, obj):
        self._obj = obj

    def _rows(self, key):
        obj = self._obj
        if isinstance(key, slice) and key == slice(None):
            return obj, False
        if _is_bool_key(key):
            return (obj._bool_rows(key) if obj._is_frame else obj._bool_index(key)), False
        if callable(key):
            return self._rows(key(obj))
        pos, single = _row_positions_for_labels(obj, key)
        rows = obj._take_positions(pos)
        ix = rows._ix
        if ix[0] == "cols" and len(ix[1]) > 1 and not single:
            k = len(key) if isinstance(key, tuple) else (1 if _is_scalar(key) else 0)
            if 0 < k < len(ix[1]):
                # A partial key of a MultiIndex: its levels are dropped.
                new = ("cols", ix[1][k:], ix[2][k:])
                if rows._is_frame:
                    rows = rows._with(ix=new)
                else:
                    rows = Series._make(rows._plan, rows._e_expr(), new, rows._name, rows._vals)
        return rows, single

    def __getitem__(self, key):
        obj = self._obj
        if obj._is_frame:
            if isinstance(key, tuple) and len(key) == 2:
                rk, ck = key
            else:
                rk, ck = key, slice(None)
            if callable(rk):
                rk = rk(obj)
            if callable(ck):
                ck = ck(obj)
            labels, single_col = _column_labels(obj, ck)
            sub = obj[labels] if not single_col else obj._with(labels=labels, names=[obj._names[obj._label_pos(labels[0])]])
            rows, single_row = _LocIndexer(sub)._rows(rk)
            if single_row and single_col:
                return rows[labels[0]].iloc[0]
            if single_col:
                return rows[labels[0]]
            if single_row:
                return _frame_row(rows, 0)
            return rows
        if isinstance(key, tuple):
            raise IndexingError("Too many indexers")
        rows, single = self._rows(key)
        if single:
            return rows._values_col().get(0)
        return rows

    def __setitem__(self, key, value):
        obj = self._obj
        if obj._is_frame:
            if isinstance(key, tuple) and len(key) == 2:
                rk, ck = key
            else:
                rk, ck = key, slice(None)
            if _is_scalar(ck) and ck not in obj._labels:
                labels = [ck]  # a new column
            else:
                labels, _ = _column_labels(obj, ck)
            if isinstance(rk, slice) and rk == slice(None):
                for l in labels:
                    obj[l] = value
                return
            mask = self._row_mask(rk)
            for l in labels:
                if l not in obj._labels:
                    s = Series._make(obj._plan, _e.lit(float("nan")), obj._ix, l)
                else:
                    s = obj[l]
                new = _masked_set(s, mask, value, l, rk, True)
                obj[l] = new
            return
        mask = self._row_mask(key)
        new = _masked_set(obj, mask, value, obj.name, key)
        obj._init_from(new._plan, new._expr, new._ix, new._name, new._vals)

    def _row_mask(self, key):
        """A boolean expression over the object's plan selecting the rows."""
        obj = self._obj
        if isinstance(key, Series) and key._is_bool():
            if _same_rows(obj, key):
                return key._e_expr()
            if not key.index.equals(obj.index):
                raise IndexingError("Unalignable boolean Series provided as indexer")
            return _e.data(key._values_col())
        if _is_bool_key(key):
            col = _column_of(key if isinstance(key, _ndarray) else list(key))
            return _e.data(col)
        if callable(key):
            return self._row_mask(key(obj))
        try:
            pos, _ = _row_positions_for_labels(obj, key)
        except KeyError:
            if _is_scalar(key):
                raise _unsupported("setting a value at a new label (enlargement)")
            raise
        n = len(obj)
        m = [False] * n
        for p in pos:
            m[p] = True
        return _e.data(_e.column(m, "bool"))


def _length_mismatch(key, frame):
    """pandas' message for values that do not fit the rows a key selects."""
    if frame:
        return "setting an array element with a sequence."
    kind = "slice" if isinstance(key, slice) else "list-like"
    return f"cannot set using a {kind} indexer with a different length than the value"


def _masked_set(s, mask, value, name, key=None, frame=False):
    """`s` with `value` where `mask` holds (pandas' upcasting included);
    `key` selected the rows (for the message when `value` does not fit)."""
    if isinstance(value, Series):
        other = s._other_expr(value)
    elif _is_scalar(value):
        other = _e.lit(value)
    else:
        col = _column_of(value if isinstance(value, _ndarray) else list(value))
        # Values for the selected rows only: spread them to all rows.
        m = Series._make(s._plan, mask, s._ix, None).tolist()
        if len(col) == len(m) and not frame and _is_bool_key(key):
            other = _e.data(col)
        else:
            vals = col.tolist()
            chosen = sum(1 for b in m if b)
            if len(vals) == 1 and frame:
                vals = vals * chosen
            if len(vals) != chosen:
                raise ValueError(_length_mismatch(key, frame))
            it = iter(vals)
            full = [next(it) if b else v for b, v in zip(m, s.tolist())]
            other = _e.data(_e.column(full, None))
    dt = s._dtype_name()
    r = Series._make(s._plan, mask.where(other, s._e_expr()), s._ix, name)
    if dt == "int64" and isinstance(value, float) and value == value and value.is_integer() is False:
        return r
    return r


def _frame_row(df, i):
    """Row `i` of a frame as a Series (pandas' common dtype)."""
    types = df._types()
    kind = _row_kind(types)
    cols = df._columns_computed()
    vals = [c.item(i) for c in cols]
    label = df.index.tolist()[i]
    return _Row(list(df._labels), vals, kind, label)._series()


class _iLocIndexer:
    def __init__(self, obj):
        self._obj = obj

    def _rows(self, key):
        obj = self._obj
        if isinstance(key, slice):
            return obj._slice_rows(key.start, key.stop, key.step or 1), False
        if isinstance(key, _INT_TYPES) and not isinstance(key, bool):
            n = len(obj)
            k = int(key)
            if k < -n or k >= n:
                raise IndexError("single positional indexer is out-of-bounds")
            return obj._take_positions([k]), True
        if _is_bool_key(key):
            if isinstance(key, Series):
                raise _unsupported("iloc with a boolean Series (use .values)")
            return (obj._bool_rows(key) if obj._is_frame else obj._bool_index(key)), False
        if isinstance(key, (list, _ndarray, range)):
            pos = key.tolist() if isinstance(key, _ndarray) else list(key)
            return obj._take_positions([int(p) for p in pos]), False
        if callable(key):
            return self._rows(key(obj))
        raise TypeError(f"Cannot index by location index with a non-integer key")

    def __getitem__(self, key):
        obj = self._obj
        if obj._is_frame:
            if isinstance(key, tuple) and len(key) == 2:
                rk, ck = key
            else:
                rk, ck = key, slice(None)
            ncol = len(obj._labels)
            if isinstance(ck, slice):
                cpos = list(range(ncol))[ck]
                single_col = False
            elif isinstance(ck, _INT_TYPES):
                c = int(ck)
                if c < -ncol or c >= ncol:
                    raise IndexError("single positional indexer is out-of-bounds")
                cpos = [c % ncol]
                single_col = True
            else:
                cpos = [int(c) for c in (ck.tolist() if isinstance(ck, _ndarray) else ck)]
                single_col = False
            sub = obj._with(labels=[obj._labels[p] for p in cpos], names=[obj._names[p] for p in cpos])
            rows, single_row = _iLocIndexer(sub)._rows(rk)
            if single_col:
                s = Series._make(rows._plan, _e.col(rows._names[0]), rows._ix, rows._labels[0])
                return s._values_col().get(0) if single_row else s
            if single_row:
                return _frame_row(rows, 0)
            return rows
        if isinstance(key, tuple):
            raise IndexingError("Too many indexers")
        rows, single = self._rows(key)
        if single:
            return rows._values_col().get(0)
        return rows

    def __setitem__(self, key, value):
        obj = self._obj
        if obj._is_frame:
            if isinstance(key, tuple) and len(key) == 2:
                rk, ck = key
            else:
                rk, ck = key, slice(None)
            ncol = len(obj._labels)
            if isinstance(ck, slice):
                cpos = list(range(ncol))[ck]
            elif isinstance(ck, _INT_TYPES):
                cpos = [int(ck) % ncol]
            else:
                cpos = [int(c) for c in ck]
            mask = self._row_mask(rk)
            for p in cpos:
                l = obj._labels[p]
                obj[l] = _masked_set(obj[l], mask, value, l, rk, True)
            return
        mask = self._row_mask(key)
        new = _masked_set(obj, mask, value, obj.name, key)
        obj._init_from(new._plan, new._expr, new._ix, new._name, new._vals)

    def _row_mask(self, key):
        obj = self._obj
        n = len(obj)
        if _is_bool_key(key):
            vals = key.tolist() if not isinstance(key, list) else key
            return _e.data(_e.column([bool(v) for v in vals], "bool"))
        if isinstance(key, slice):
            pos = list(range(n))[key]
        elif isinstance(key, _INT_TYPES):
            k = int(key)
            if k >= n:
                raise IndexError("iloc cannot enlarge its target object")
            if k < -n:
                raise IndexError(f"index {k} is out of bounds for axis 0 with size {n}")
            pos = [k % n]
        else:
            pos = [int(p) % n for p in key]
        m = [False] * n
        for p in pos:
            m[p] = True
        return _e.data(_e.column(m, "bool"))
