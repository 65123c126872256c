# hipy's pandas: concat and merge, as Concat and Join nodes of the plan.


def _concat_frames(frames, ignore_index, index_name_parts=None):
    labels = []
    for f in frames:
        for l in f._labels:
            if l not in labels:
                labels.append(l)
    common = [_e.fresh(str(l)) for l in labels]
    ixnames = None
    if not ignore_index:
        nlev = None
        for f in frames:
            k = len(_ix_names(f._ix))
            if nlev is None:
                nlev = k
            elif nlev != k:
                raise _unsupported("concat of frames with different index levels")
        ixnames = [_e.fresh("index") for _ in range(nlev)]
    plans = []
    for f in frames:
        plan, ix = _ix_concrete(f._plan, f._ix) if not ignore_index else (f._plan, f._ix)
        exprs = []
        for l in labels:
            if l in f._labels:
                exprs.append(_e.col(f._names[f._labels.index(l)]))
            else:
                exprs.append(_e.lit(float("nan")))
        names = list(common)
        if not ignore_index:
            exprs += [_e.col(c) for c in ix[1]]
            names += ixnames
        plan = plan.with_columns(names, exprs).select(names)
        plans.append(plan)
    plan = _e.concat(plans)
    if ignore_index:
        ix = ("range", 0, 1, None)
    else:
        level_names = []
        for k in range(len(ixnames)):
            ns = [_ix_names(f._ix)[k] for f in frames]
            level_names.append(ns[0] if all(_names_equal(n, ns[0]) for n in ns) else None)
        ix = ("cols", tuple(ixnames), tuple(level_names))
    return DataFrame._make(plan, labels, common, ix)


def concat(objs, axis=0, join="outer", ignore_index=False, keys=None, levels=None, names=None,
           verify_integrity=False, sort=False, copy=None):
    if isinstance(objs, dict):
        raise _unsupported("concat of a dict")
    objs = [o for o in objs if o is not None]
    if not objs:
        raise ValueError("No objects to concatenate")
    if keys is not None or levels is not None or names is not None:
        raise _unsupported("concat(keys=/levels=/names=)")
    if join != "outer":
        raise _unsupported("concat(join='inner')")
    if axis in (1, "columns"):
        return _concat_columns(objs, ignore_index)
    if all(isinstance(o, Series) for o in objs):
        frames = [o.to_frame("__v__") for o in objs]
        df = _concat_frames(frames, ignore_index)
        names = [o.name for o in objs]
        name = names[0] if all(_names_equal(n, names[0]) for n in names) else None
        s = df["__v__"]
        s._name = name
        return s
    frames = []
    for o in objs:
        if isinstance(o, Series):
            o = o.to_frame(o.name if o.name is not None else 0)
        elif not isinstance(o, DataFrame):
            raise TypeError(f"cannot concatenate object of type '{type(o).__name__}'; only Series and DataFrame objs are valid")
        frames.append(o)
    r = _concat_frames(frames, ignore_index)
    if sort:
        r = r.sort_index(axis=1)
    return r


def _concat_columns(objs, ignore_index):
    first = objs[0]
    index = first.index
    same = all(o.index.equals(index) for o in objs)
    if not same:
        union = index
        for o in objs[1:]:
            union = union.union(o.index)
        index = union
    parts = []
    k = 0
    for o in objs:
        if isinstance(o, Series):
            label = o.name
            if label is None:
                label = k
                k += 1
            items = [(label, o)]
        else:
            items = [(l, o[l] if o._labels.count(l) == 1 else None) for l in o._labels]
            if any(s is None for _, s in items):
                raise _unsupported("concat(axis=1) of frames with duplicate column labels")
        for l, s in items:
            parts.append((len(parts) if ignore_index else l, s if same else s.reindex(index)))
    labels = [l for l, _ in parts]
    if same:
        base = objs[0]
        ix = base._ix
        plan = base._plan
        exprs = []
        for _, s in parts:
            exprs.append(s._e_expr() if (s._plan.id == plan.id and s._ix == ix) else _e.data(s._values_col()))
        return DataFrame._make(plan, labels, [None] * len(labels), ix, exprs=exprs)
    names = [_e.fresh(str(l)) for l in labels]
    pnames, pcols, ix = _index_source(index, len(index))
    plan = _e.source(pnames + names, pcols + [s._values_col() for _, s in parts], len(index))
    return DataFrame._make(plan, labels, names, ix)


def merge(left, right, how="inner", on=None, left_on=None, right_on=None, left_index=False,
          right_index=False, sort=False, suffixes=("_x", "_y"), copy=None, indicator=False, validate=None):
    if isinstance(right, Series):
        if right.name is None:
            raise ValueError("Cannot merge a Series without a name")
        right = right.to_frame()
    if not isinstance(left, DataFrame) or not isinstance(right, DataFrame):
        raise TypeError(f"Can only merge Series or DataFrame objects, a {type(right)} was passed")
    if indicator:
        raise _unsupported("merge(indicator=True)")
    if how not in ("inner", "left", "right", "outer", "cross"):
        raise ValueError(f"do not recognize join method {how}")
    if how == "cross":
        if on is not None or left_on is not None or right_on is not None:
            raise MergeError("Can not pass on, right_on, left_on or set right_index=True or left_index=True")
        return _merge_columns(left, right, [], [], how, sort, suffixes, coalesce_names=[])
    if left_index or right_index:
        return _merge_index(left, right, how, on, left_on, right_on, left_index, right_index, sort, suffixes)
    if on is not None:
        on = list(on) if isinstance(on, (list, tuple)) else [on]
        for k in on:
            if k not in left._labels:
                raise KeyError(k)
            if k not in right._labels:
                raise KeyError(k)
        left_on = right_on = on
        coalesce = on
    elif left_on is not None or right_on is not None:
        if left_on is None or right_on is None:
            raise MergeError('Must pass "left_on" OR "left_index" and "right_on" OR "right_index".' if False else "Must pass left_on or left_index=True")
        left_on = list(left_on) if isinstance(left_on, (list, tuple)) else [left_on]
        right_on = list(right_on) if isinstance(right_on, (list, tuple)) else [right_on]
        if len(left_on) != len(right_on):
            raise ValueError("len(right_on) must equal len(left_on)")
        coalesce = [l for l, r in zip(left_on, right_on) if l == r]
    else:
        on = [l for l in left._labels if l in right._labels]
        if not on:
            raise MergeError("No common columns to perform merge on. Merge options: left_on=None, right_on=None, left_index=False, right_index=False")
        left_on = right_on = on
        coalesce = on
    for k in left_on:
        left._label_pos(k)
    for k in right_on:
        right._label_pos(k)
    if validate is not None:
        _validate_merge(left, right, left_on, right_on, validate)
    return _merge_columns(left, right, left_on, right_on, how, sort, suffixes, coalesce)


def _validate_merge(left, right, left_on, right_on, validate):
    def unique(df, cols):
        return not bool(df.duplicated(subset=cols).any())
    v = {"1:1": "one_to_one", "1:m": "one_to_many", "m:1": "many_to_one", "m:m": "many_to_many"}.get(validate, validate)
    if v in ("one_to_one", "one_to_many") and not unique(left, left_on):
        raise MergeError(f"Merge keys are not unique in left dataset; not a {v.replace('_', '-')} merge")
    if v in ("one_to_one", "many_to_one") and not unique(right, right_on):
        raise MergeError(f"Merge keys are not unique in right dataset; not a {v.replace('_', '-')} merge")


def _merge_columns(left, right, left_on, right_on, how, sort, suffixes, coalesce_names):
    ltypes = dict(zip(left._plan.names(), left._plan.types()))
    rtypes = dict(zip(right._plan.names(), right._plan.types()))
    for lkey, rkey in zip(left_on, right_on):
        a = ltypes[left._names[left._labels.index(lkey)]]
        b = rtypes[right._names[right._labels.index(rkey)]]
        numeric = ("int64", "float64")
        if a is not None and b is not None and a != b and not (a in numeric and b in numeric):
            raise ValueError(f"You are trying to merge on {a} and {b} columns for key '{lkey}'. "
                             "If you wish to proceed you should use pd.concat")
    lsuf, rsuf = suffixes if suffixes is not None else ("", "")
    lsuf = "" if lsuf is None else lsuf
    rsuf = "" if rsuf is None else rsuf
    # Fresh plan names on each side, so the join sees distinct columns.
    lnames = [_e.fresh(str(l)) for l in left._labels]
    rnames = [_e.fresh(str(l)) for l in right._labels]
    lplan = left._plan.with_columns(lnames, [_e.col(n) for n in left._names]).select(lnames)
    rplan = right._plan.with_columns(rnames, [_e.col(n) for n in right._names]).select(rnames)
    lk = [lnames[left._labels.index(k)] for k in left_on]
    rk = [rnames[right._labels.index(k)] for k in right_on]
    coalesce = bool(coalesce_names) and len(coalesce_names) == len(left_on)
    plan = lplan.join(rplan, lk, rk, how, sort, coalesce)
    # Output columns: left, then right without the shared keys.
    drop_right = set(rnames[right._labels.index(k)] for k in coalesce_names)
    labels, names = [], []
    overlap = set(l for l in left._labels if l in right._labels) - set(coalesce_names)
    for l, n in zip(left._labels, lnames):
        labels.append(f"{l}{lsuf}" if l in overlap else l)
        names.append(n)
    for l, n in zip(right._labels, rnames):
        if n in drop_right:
            continue
        labels.append(f"{l}{rsuf}" if l in overlap else l)
        names.append(n)
    if len(set(labels)) != len(labels) and overlap:
        raise MergeError(f"Passing 'suffixes' which cause duplicate columns {set(l for l in labels if labels.count(l) > 1)} is not allowed.")
    return DataFrame._make(plan, labels, names, ("range", 0, 1, None))


def _merge_index(left, right, how, on, left_on, right_on, left_index, right_index, sort, suffixes):
    if not (left_index and right_index):
        if left_index and right_on is not None:
            raise _unsupported("merge(left_index=True, right_on=...)")
        if right_index and left_on is not None:
            # Left column against the right index (DataFrame.join(on=...)).
            lo = left_on if isinstance(left_on, (list, tuple)) else [left_on]
            r = right.reset_index()
            rkey_labels = r._labels[: len(_ix_names(right._ix))]
            out = merge(left, r, how=how, left_on=lo, right_on=rkey_labels, sort=sort, suffixes=suffixes)
            keep = [l for l in out._labels if l not in rkey_labels or l in lo]
            out = out[keep]
            return out.set_axis(left.index, axis=0) if how == "left" and len(out) == len(left) else out
        raise _unsupported("merge on one index and other columns")
    lplan, lix = _ix_concrete(left._plan, left._ix)
    rplan, rix = _ix_concrete(right._plan, right._ix)
    lnames = [_e.fresh(str(l)) for l in left._labels]
    rnames = [_e.fresh(str(l)) for l in right._labels]
    lk = [_e.fresh("k") for _ in lix[1]]
    rk = [_e.fresh("k") for _ in rix[1]]
    if len(lk) != len(rk):
        raise _unsupported("merge of indexes with different levels")
    lplan = lplan.with_columns(lnames + lk, [_e.col(n) for n in left._names] + [_e.col(c) for c in lix[1]]).select(lnames + lk)
    rplan = rplan.with_columns(rnames + rk, [_e.col(n) for n in right._names] + [_e.col(c) for c in rix[1]]).select(rnames + rk)
    plan = lplan.join(rplan, lk, rk, how, sort, True)
    lsuf, rsuf = suffixes if suffixes is not None else ("", "")
    overlap = set(l for l in left._labels if l in right._labels)
    labels = [f"{l}{lsuf}" if l in overlap else l for l in left._labels] + \
             [f"{l}{rsuf}" if l in overlap else l for l in right._labels]
    if len(set(labels)) != len(labels):
        raise ValueError(f"columns overlap but no suffix specified: {Index(sorted(overlap))!r}")
    ixn = tuple(n if _names_equal(n, m) else None for n, m in zip(lix[2], rix[2]))
    return DataFrame._make(plan, labels, lnames + rnames, ("cols", tuple(lk), ixn))
