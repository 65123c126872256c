# hipy's pandas: CSV in and out. read_csv makes a CSV scan node: the file
# is parsed when a plan first needs its columns, and only the columns the
# plan reads are converted.

import os as _os


def _csv_labels(raw, header, names):
    """pandas' column labels: empty names become 'Unnamed: i', duplicates
    get '.1', '.2' suffixes."""
    if names is not None:
        return list(names)
    if header is None:
        return list(range(len(raw)))
    out = []
    seen = {}
    for i, l in enumerate(raw):
        if l == "":
            l = f"Unnamed: {i}"
        if l in seen:
            k = seen[l]
            new = f"{l}.{k}"
            while new in seen:
                k += 1
                new = f"{l}.{k}"
            seen[l] = k + 1
            seen[new] = 1
            l = new
        else:
            seen[l] = 1
        out.append(l)
    return out


def _skip_lines(data, skiprows, header):
    """The CSV text without the lines `skiprows` names (physical line
    numbers, a list or a function of them; or the first n lines), then
    without the first `header` non-blank lines (the header is the next)."""
    if b'"' in data:
        raise _unsupported("read_csv(skiprows=list/callable or header>0) with quoted fields")
    lines = data.splitlines(keepends=True)
    if isinstance(skiprows, int):
        lines = lines[skiprows:]
    elif skiprows is not None:
        skip = skiprows if callable(skiprows) else set(skiprows).__contains__
        lines = [l for i, l in enumerate(lines) if not skip(i)]
    while header > 0 and lines:
        if lines.pop(0).strip(b"\r\n"):
            header -= 1
    return b"".join(lines)


def read_csv(filepath_or_buffer, *, sep=_no_default, delimiter=None, header="infer", names=None,
             index_col=None, usecols=None, dtype=None, engine=None, nrows=None, skiprows=None,
             na_values=None, keep_default_na=True, na_filter=True, parse_dates=None,
             encoding=None, comment=None, thousands=None, decimal=".", skipinitialspace=False,
             low_memory=True, true_values=None, false_values=None, converters=None,
             skip_blank_lines=True, **kwargs):
    if kwargs:
        raise _unsupported(f"read_csv({', '.join(k + '=' for k in kwargs)})")
    for arg, val, default in (("parse_dates", parse_dates, None), ("comment", comment, None),
                              ("thousands", thousands, None), ("decimal", decimal, "."),
                              ("skipinitialspace", skipinitialspace, False), ("true_values", true_values, None),
                              ("false_values", false_values, None), ("converters", converters, None)):
        if val != default:
            raise _unsupported(f"read_csv({arg}=...)")
    if not skip_blank_lines:
        raise _unsupported("read_csv(skip_blank_lines=False)")
    if not na_filter:
        raise _unsupported("read_csv(na_filter=False)")
    if delimiter is not None:
        sep = delimiter
    if sep is _no_default:
        sep = ","
    if sep is None or len(sep) != 1:
        raise _unsupported("read_csv with a separator that is not one character")
    if encoding not in (None, "utf-8", "utf8", "UTF-8"):
        raise _unsupported(f"read_csv(encoding={encoding!r})")
    path = filepath_or_buffer
    data = None
    if hasattr(path, "read"):
        data = path.read()
        if isinstance(data, str):
            data = data.encode("utf-8")
        path = None
    elif hasattr(path, "__fspath__"):
        path = _os.fspath(path)
    elif not isinstance(path, str):
        raise _unsupported(f"read_csv of a {type(path).__name__}")
    if header == "infer":
        has_header = names is None
    elif header is None:
        has_header = False
    elif isinstance(header, int) and not isinstance(header, bool) and header >= 0:
        has_header = True
    else:
        raise _unsupported("read_csv(header=...) other than an int or None")
    if (has_header and header not in (0, "infer")) or not (skiprows is None or isinstance(skiprows, int)):
        if data is None:
            with open(path, "rb") as f:
                data = f.read()
            path = None
        data = _skip_lines(data, skiprows, header if has_header and header != "infer" else 0)
        skiprows = None
        if header != "infer":
            header = 0
    if isinstance(na_values, str):
        na_values = [na_values]
    elif isinstance(na_values, dict):
        raise _unsupported("read_csv(na_values=dict)")
    dtypes = []
    if dtype is not None and not isinstance(dtype, dict):
        dtype = {"*": dtype}
    plan, raw = _e.read_csv(path if path is not None else "", sep, has_header, nrows, skiprows or 0,
                            na_values, keep_default_na, [], data)
    labels = _csv_labels(raw, header if names is None else None, names)
    if names is not None and len(labels) < len(raw):
        # pandas makes the leading columns without a name the index.
        if index_col is not None or usecols is not None:
            raise _unsupported("read_csv(names=) with fewer names than columns and index_col= or usecols=")
        lead = [f"Unnamed: {i}" for i in range(len(raw) - len(labels))]
        if any(l in labels for l in lead):
            raise _unsupported("read_csv(names=) with fewer names than columns and names like 'Unnamed: 0'")
        labels = lead + labels
        index_col = lead
    elif names is not None and len(labels) > len(raw):
        raise _unsupported("read_csv(names=) with more names than columns")
    pnames = plan.names()
    as_object = []
    if dtype:
        specs = []
        for i, l in enumerate(labels):
            d = dtype.get(l, dtype.get("*"))
            if d is not None:
                d = _dtype_name(d)
                if d == "object":
                    # Read as strings, then held as Python objects.
                    as_object.append(l)
                    d = "str"
                specs.append([i, d])
        if specs:
            plan, raw = _e.read_csv(path if path is not None else "", sep, has_header, nrows, skiprows or 0,
                                    na_values, keep_default_na, specs, data)
            pnames = plan.names()
    df = DataFrame._make(plan, labels, pnames, ("range", 0, 1, None))
    if as_object:
        df = df.astype({l: object for l in as_object})
    if usecols is not None:
        if callable(usecols):
            cols = [l for l in labels if usecols(l)]
        else:
            cols = [labels[c] if isinstance(c, int) else c for c in usecols]
            missing = [c for c in cols if c not in labels]
            if missing:
                raise ValueError(f"Usecols do not match columns, columns expected but not found: {missing}")
            cols = [l for l in labels if l in cols]
        df = df[cols]
    if index_col is not None and index_col is not False:
        ic = index_col if isinstance(index_col, (list, tuple)) else [index_col]
        keys = [df._labels[c] if isinstance(c, int) else c for c in ic]
        df = df.set_index(keys)
        names_ix = tuple(None if (isinstance(k, str) and k.startswith("Unnamed: ")) else k for k in keys)
        object.__setattr__(df, "_ix", ("cols", df._ix[1], names_ix) + df._ix[3:])
    return df


def _csv_quote(s, sep, quotechar='"'):
    if sep in s or quotechar in s or "\n" in s or "\r" in s:
        return quotechar + s.replace(quotechar, quotechar * 2) + quotechar
    return s


def _csv_values(col, na_rep, float_format):
    t = col.dtype
    if t == "float64":
        vals = col.tolist()
        if float_format is not None:
            return [na_rep if v != v else (float_format % v if isinstance(float_format, str) else float_format(v)) for v in vals]
        return [na_rep if v != v else repr(v) for v in vals]
    if t in ("int64", "bool"):
        return [str(v) for v in col.tolist()]
    out = []
    for v in col.tolist():
        if _isna_scalar(v):
            out.append(na_rep)
        elif isinstance(v, float):
            out.append(repr(v))
        else:
            out.append(str(v))
    return out


def _to_csv(df, path_or_buf, sep, na_rep, float_format, columns, header, index, index_label, mode,
            lineterminator, kw):
    if kw:
        raise _unsupported(f"DataFrame.to_csv({', '.join(k + '=' for k in kw)})")
    if columns is not None:
        df = df[list(columns)]
    nl = "\n" if lineterminator is None else lineterminator
    cols = df._columns_computed()
    body = [_csv_values(c, na_rep, float_format) for c in cols]
    ix_body = []
    ix_labels = []
    if index:
        index_obj = df.index
        if index_obj._is_multi:
            for c in index_obj._columns():
                ix_body.append(_csv_values(c, na_rep, float_format))
        else:
            ix_body.append(_csv_values(index_obj._column(), na_rep, float_format))
        names = list(index_obj.names)
        if index_label is not None:
            ix_labels = list(index_label) if isinstance(index_label, (list, tuple)) else [index_label]
        else:
            ix_labels = ["" if n is None else str(n) for n in names]
    lines = []
    if header is not False:
        hdr = list(df._labels) if header is True else list(header)
        row = [_csv_quote(str(x), sep) for x in ix_labels] + [_csv_quote(str(x), sep) for x in hdr]
        if index and all(x == "" for x in ix_labels) and len(ix_labels) == 1:
            row[0] = ""
        lines.append(sep.join(row))
    n = len(df)
    parts = ix_body + body
    for i in range(n):
        lines.append(sep.join(_csv_quote(p[i], sep) for p in parts))
    text = nl.join(lines) + nl
    if path_or_buf is None:
        return text
    if hasattr(path_or_buf, "write"):
        path_or_buf.write(text)
        return None
    path = _os.fspath(path_or_buf)
    if isinstance(path, str):
        # Frames read from this file keep what read_csv read.
        _e.before_write(path)
    with open(path, mode, newline="") as f:
        f.write(text)
    return None
