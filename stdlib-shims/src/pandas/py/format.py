# hipy's pandas: printing, exactly as pandas 3 prints (repr, to_string).
#
# The algorithms follow pandas.io.formats (format.py, string.py,
# printing.py): values are formatted per dtype into columns of strings,
# padded to a common width, joined; long frames are cut to their first and
# last rows, wide ones to their first and last columns.

# No module-level imports: `import pandas` stays cheap (re and shutil cost
# more to import than the rest of hipy's pandas; shutil is imported when a
# frame is first fitted to the terminal).


def _trim_zeros_single_float(s):
    s = s.rstrip("0")
    if s.endswith("."):
        s += "0"
    return s


def _is_number_with_decimal(x):
    """pandas' `^\\s*[+-]?[0-9]+\\.[0-9]*$` match, without `re`: `$` also
    matches before a final newline, and `\\s` is `str.isspace`, as in `re`."""
    s = x.lstrip()
    if s.endswith("\n"):
        s = s[:-1]
    if s[:1] in ("+", "-"):
        s = s[1:]
    whole, dot, frac = s.partition(".")
    digits = "0123456789"
    return bool(dot) and whole != "" and all(c in digits for c in whole) and all(c in digits for c in frac)


def _trim_zeros_float(strs):
    is_number = [_is_number_with_decimal(x) for x in strs]
    if not any(is_number):
        return list(strs)
    trimmed = list(strs)
    while True:
        if not all(x.endswith("0") for x, n in zip(trimmed, is_number) if n):
            break
        trimmed = [x[:-1] if n else x for x, n in zip(trimmed, is_number)]
    return [x + "0" if n and x.endswith(".") else x for x, n in zip(trimmed, is_number)]


def _justify(texts, max_len, mode="right"):
    if mode == "left":
        return [x.ljust(max_len) for x in texts]
    if mode == "center":
        return [x.center(max_len) for x in texts]
    return [x.rjust(max_len) for x in texts]


def _adjoin(space, *lists):
    lengths = [max(map(len, x)) + space for x in lists[:-1]]
    lengths.append(max(map(len, lists[-1])))
    max_len = max(map(len, lists))
    new = []
    for i, lst in enumerate(lists):
        nl = _justify(lst, lengths[i], mode="left")
        nl = [" " * lengths[i]] * (max_len - len(lst)) + nl
        new.append(nl)
    return "\n".join("".join(lines) for lines in zip(*new))


# The column width limit in force: display.max_colwidth for repr, none
# for to_string (set around a to_string call).
_colwidth = [50]


class _no_colwidth:
    def __enter__(self):
        self._old = _colwidth[0]
        _colwidth[0] = None

    def __exit__(self, *exc):
        _colwidth[0] = self._old
        return False


def _make_fixed_width(strings, justify="right", minimum=None):
    if len(strings) == 0 or justify == "all":
        max_len = max(len(x) for x in strings) if strings else 0
        return strings, max_len
    max_len = max(len(x) for x in strings)
    if minimum is not None:
        max_len = max(minimum, max_len)
    conf_max = _colwidth[0]
    if conf_max is not None and max_len > conf_max:
        max_len = conf_max
    if conf_max is not None:
        keep = max(max_len - 3, 0)
        placeholder = "..."[: max_len - keep]
        strings = [x[:keep] + placeholder if len(x) > max_len else x for x in strings]
    return _justify(strings, max_len, mode=justify), max_len


_ESCAPES = {"\t": r"\t", "\n": r"\n", "\r": r"\r"}


def _escape(s):
    for k, v in _ESCAPES.items():
        s = s.replace(k, v)
    return s


def _pprint_seq(seq, nest=0):
    if isinstance(seq, set):
        fmt = "{%s}"
    elif isinstance(seq, frozenset):
        fmt = "frozenset({%s})" if seq else "frozenset()"
    else:
        fmt = "[%s]" if isinstance(seq, list) else "(%s)"
    max_items = get_option("display.max_seq_items") or len(seq)
    r = []
    reached = False
    precision = get_option("display.precision")
    for i, item in enumerate(seq):
        if i >= max_items:
            reached = True
            break
        if isinstance(item, float) and item == item:
            item = _trim_zeros_single_float(f"{item:.{precision}f}")
        r.append(_pprint(item, nest + 1))
    body = ", ".join(r)
    if reached:
        body += ", ..."
    elif isinstance(seq, tuple) and len(seq) == 1:
        body += ","
    return fmt % body


def _pprint_dict(d, nest=0):
    pairs = []
    for k, v in d.items():
        pairs.append(f"{_pprint(k, nest + 1, True)}: {_pprint(v, nest + 1, True)}")
    return "{" + ", ".join(pairs) + "}"


def _pprint(thing, nest=0, quote_strings=False, escape=True):
    """pandas' pprint_thing."""
    if _is_scalar(thing):
        s = str(thing)
        if escape:
            s = _escape(s)
        if quote_strings and isinstance(thing, str):
            s = f"'{s}'"
        return s
    if isinstance(thing, dict) and nest < 6:
        return _pprint_dict(thing, nest)
    if isinstance(thing, (list, tuple, set, frozenset, range)) and nest < 6:
        return _pprint_seq(thing, nest)
    s = str(thing)
    return _escape(s) if escape else s


def _format_float_values(values, na_rep, leading_space, justify):
    """FloatArrayFormatter: fixed precision, zeros trimmed together,
    scientific notation for tiny or too large values."""
    digits = get_option("display.precision")
    na = " " + na_rep if justify == "left" else na_rep

    def with_format(spec):
        out = [format(v, spec) if v == v else na for v in values]
        return _trim_zeros_float(out)

    spec = f" .{digits}f" if leading_space is True else f".{digits}f"
    out = with_format(spec)
    too_long = bool(out) and max(len(x) for x in out) > digits + 6
    has_large = any(v == v and abs(v) > 1e6 for v in values)
    has_small = any(v == v and 0 < abs(v) < 10 ** (-digits) for v in values)
    if has_small or (too_long and has_large):
        spec = f" .{digits}e" if leading_space is True else f".{digits}e"
        out = [format(v, spec) if v == v else na for v in values]
    return out


def _format_generic(values, na_rep, leading_space, quote=False):
    """_GenericArrayFormatter (objects, strings, bools)."""
    digits = get_option("display.precision")
    is_float = [isinstance(v, float) and v == v for v in values]
    if leading_space is None:
        leading_space = any(is_float)
    out = []
    for v, f in zip(values, is_float):
        if f:
            out.append(_trim_zeros_single_float(f"{v: .{digits}f}"))
            continue
        if _is_scalar(v) and _isna_scalar(v):
            s = "None" if v is None else na_rep
        else:
            s = _pprint(v, quote_strings=quote)
        out.append(f" {s}" if leading_space is not False else s)
    return out


def _format_values(values, dtype, na_rep="NaN", leading_space=True, justify="right"):
    """format_array: a list of values of a dtype as padded strings."""
    if dtype == "float64":
        strs = _format_float_values(values, na_rep, leading_space, justify)
    elif dtype == "int64":
        strs = [f"{x:d}" if leading_space is False else f"{x: d}" for x in values]
    else:
        strs = _format_generic(values, na_rep, leading_space)
    return _make_fixed_width(strs, justify)[0]


def _format_name(name):
    if name is None:
        return ""
    if isinstance(name, float) and name == name:
        return _format_values([name], "float64", leading_space=False)[0]
    return _pprint(name)


def _trim_front(strings):
    if not strings:
        return strings
    smallest = min(len(x) - len(x.lstrip()) for x in strings)
    if smallest > 0:
        strings = [x[smallest:] for x in strings]
    return strings


def _format_index_values(values, dtype):
    """Index._format_with_header without the header."""
    if not values:
        return []
    justify = "all" if dtype in ("str", "object") else "left"
    return _trim_front(_format_values(values, dtype, justify=justify))


def _format_range_values(start, step, n):
    if n == 0:
        return []
    first, last = str(start), str(start + step * (n - 1))
    width = max(len(first), len(last))
    return [f"{start + step * i:<{width}}" for i in range(n)]


def _sparsify(label_list, start=0, sentinel=""):
    pivoted = list(zip(*label_list))
    k = len(label_list)
    result = pivoted[: start + 1]
    prev = pivoted[start]
    for cur in pivoted[start + 1:]:
        sparse_cur = []
        for i, (p, t) in enumerate(zip(prev, cur)):
            if i == k - 1:
                sparse_cur.append(t)
                result.append(sparse_cur)
                break
            if p == t:
                sparse_cur.append(sentinel)
            else:
                sparse_cur.extend(cur[i:])
                result.append(sparse_cur)
                break
        prev = cur
    return list(zip(*result))


def _format_index_levels(levels, include_names, sparsify=True):
    """The index as lists of strings, one list per level (a header first
    when `include_names`). `levels` holds (values, dtype, name, rng) with
    rng = (start, step) for range indexes."""
    out = []
    for values, dtype, name, rng in levels:
        if rng is not None:
            body = _format_range_values(rng[0], rng[1], len(values))
        else:
            body = _format_index_values(values, dtype)
        head = [_format_name(name)] if include_names else []
        out.append(head + body)
    if len(out) > 1 and sparsify and out[0]:
        out = [list(x) for x in _sparsify(out, start=int(include_names))]
    return out


def _terminal_size():
    import shutil

    return shutil.get_terminal_size()


# -- Series ------------------------------------------------------------------

def _series_to_string(s, *, length="truncate", dtype=True, name=True,
                      max_rows=None, min_rows=None, index=True, header=True):
    n = len(s)
    trunc = bool(max_rows) and n > max_rows
    row_num = None
    if trunc:
        show = min(min_rows, max_rows) if min_rows else max_rows
        if show == 1:
            row_num = 1
            parts = [s._take_rows(0, 1)]
        else:
            row_num = show // 2
            parts = [s._take_rows(0, row_num), s._take_rows(n - row_num, n)]
    else:
        parts = [s._take_rows(0, n)]
    values = []
    levels = None
    for vals, ix_levels in parts:
        values.extend(vals)
        if levels is None:
            levels = [[list(l[0])] + list(l[1:]) for l in ix_levels]
        else:
            for a, b in zip(levels, ix_levels):
                a[0].extend(b[0])
                a[3] = None
    levels = [tuple(l) for l in levels]

    footer = ""
    if name and s.name is not None:
        footer += f"Name: {_format_name(s.name)}"
    if length is True or (length == "truncate" and trunc):
        if footer:
            footer += ", "
        footer += f"Length: {n}"
    if dtype:
        if footer:
            footer += ", "
        footer += f"dtype: {s.dtype.name if hasattr(s.dtype, 'name') else s.dtype}"
    if n == 0:
        return f"Series([], {footer})"

    has_names = any(l[2] is not None for l in levels)
    fmt_levels = _format_index_levels(levels, include_names=True)
    if len(fmt_levels) > 1:
        fmt_index = _adjoin(2, *fmt_levels).split("\n")
    else:
        fmt_index = fmt_levels[0]
    fmt_values = _format_values(values, s._dtype_name(), leading_space=index)
    if trunc:
        width = len(fmt_values[row_num - 1])
        dots = "..." if width > 3 else ".."
        fmt_values.insert(row_num, _justify([dots], width, mode="center")[0])
        fmt_index.insert(row_num + 1, "")
    if index:
        result = _adjoin(3, fmt_index[1:], fmt_values)
    else:
        result = _adjoin(3, fmt_values)
    if header and has_names:
        result = fmt_index[0] + "\n" + result
    if footer:
        result += "\n" + footer
    return result


# -- DataFrame ----------------------------------------------------------------

def _frame_to_string(df, *, max_rows=None, min_rows=None, max_cols=None,
                     line_width=None, show_dimensions=False, index=True, header=True):
    labels = list(df.columns)
    ncols = len(labels)
    n = len(df)
    in_terminal = max_cols == 0 or max_rows == 0
    width, height = _terminal_size() if in_terminal else (None, None)
    # Columns fitting.
    max_cols_fitted = max_cols
    if in_terminal and max_cols == 0 and ncols > width:
        max_cols_fitted = width
    # Rows fitting.
    if in_terminal and max_rows == 0:
        aux = 2 + (1 if header else 0)
        max_rows_fitted = height - aux
    else:
        max_rows_fitted = max_rows
    if max_rows_fitted and n > max_rows_fitted and min_rows:
        max_rows_fitted = min(min_rows, max_rows_fitted)

    trunc_h = bool(max_cols_fitted and ncols > max_cols_fitted)
    trunc_v = bool(max_rows_fitted and n > max_rows_fitted)
    col_pos = list(range(ncols))
    tr_col_num = None
    if trunc_h:
        c = max_cols_fitted // 2
        if c >= 1:
            col_pos = list(range(c)) + list(range(ncols - c, ncols))
        else:
            c = max_cols
            col_pos = list(range(c))
        tr_col_num = c
    row_parts = [(0, n)]
    tr_row_num = None
    if trunc_v:
        r = max_rows_fitted // 2
        if r >= 1:
            row_parts = [(0, r), (n - r, n)]
        else:
            r = max_rows
            row_parts = [(0, r)]
        tr_row_num = r

    if n == 0 or ncols == 0:
        cols_text = _index_repr_text(df.columns)
        ix_text = _index_repr_text(df.index)
        text = f"Empty DataFrame\nColumns: {cols_text}\nIndex: {ix_text}"
        return text

    data, ix_levels, dtypes = df._rows_for_display(row_parts, col_pos)
    shown = len(data[0]) if data else sum(b - a for a, b in row_parts)

    col_names = df.columns.names if isinstance(df.columns, MultiIndex) else [df.columns.name]
    show_col_idx_names = any(x is not None for x in col_names) and header
    has_index_names = any(l[2] is not None for l in ix_levels)
    show_row_idx_names = has_index_names and index

    strcols = []
    for k, pos in enumerate(col_pos):
        label = labels[pos]
        dtype = dtypes[k]
        if header:
            lab = _trim_front(_format_generic([label], "NaN", True))[0] if not isinstance(label, tuple) else None
            if lab is None:
                raise _unsupported("printing MultiIndex columns")
            if _is_numeric_name(dtype):
                lab = " " + lab
            cheader = [lab]
            if show_row_idx_names:
                cheader.append("")
        else:
            cheader = []
        header_width = max([len(x) for x in cheader] + [0])
        fmt = _format_values(data[k], dtype, leading_space=index)
        fmt, max_len = _make_fixed_width(fmt, "right", minimum=header_width)
        max_len = max(max_len, header_width)
        strcols.append(_justify(cheader, max_len, "right") + fmt)

    if index:
        levels = _format_index_levels(ix_levels, include_names=show_row_idx_names)
        levels = [_make_fixed_width(list(x), justify="left")[0] for x in levels]
        adjoined = _adjoin(1, *levels).split("\n")
        if show_col_idx_names:
            col_header = [_format_name(x) for x in col_names]
        else:
            col_header = [""] * len(col_names)
        str_index = (col_header + adjoined) if header else adjoined
        strcols.insert(0, str_index)

    if trunc_h or trunc_v:
        index_length = len(strcols[0])
        adj_col = (tr_col_num + 1 if index else tr_col_num) if trunc_h else None
        if trunc_h:
            strcols.insert(adj_col, [" ..."] * index_length)
        if trunc_v:
            n_header_rows = index_length - shown
            for ix, col in enumerate(strcols):
                cwidth = len(col[tr_row_num])
                is_dot_col = trunc_h and ix == adj_col
                dots = "..." if (cwidth > 3 or is_dot_col) else ".."
                if ix == 0 and index:
                    mode = "left"
                elif is_dot_col:
                    cwidth = 4
                    mode = "right"
                else:
                    mode = "right"
                col.insert(tr_row_num + n_header_rows, _justify([dots], cwidth, mode)[0])

    if line_width is None:
        text = _adjoin(1, *strcols)
    elif max_cols is None or max_cols > 0:
        text = _join_multiline(strcols, line_width, index)
    else:
        text, cut = _fit_to_width(strcols, index, trunc_v, tr_row_num)
        trunc_h = trunc_h or cut
    if show_dimensions is True or (show_dimensions == "truncate" and (trunc_h or trunc_v)):
        text += f"\n\n[{n} rows x {ncols} columns]"
    return text


def _binify(cols, line_width):
    bins = []
    curr = 0
    last = len(cols) - 1
    for i, w in enumerate(cols):
        wa = w + 1
        curr += wa
        if last == i:
            wrap = curr + 1 > line_width and i > 0
        else:
            wrap = curr + 2 > line_width and i > 0
        if wrap:
            bins.append(i)
            curr = wa
    bins.append(len(cols))
    return bins


def _join_multiline(strcols, line_width, index):
    lwidth = line_width
    strcols = list(strcols)
    if index:
        idx = strcols.pop(0)
        lwidth -= max(len(x) for x in idx) + 1
    widths = [max(len(x) for x in col) if col else 0 for col in strcols]
    bins = _binify(widths, lwidth)
    nbins = len(bins)
    out = []
    start = 0
    for i, end in enumerate(bins):
        row = strcols[start:end]
        if index:
            row.insert(0, idx)
        if nbins > 1:
            nrows = len(row[-1])
            if end <= len(strcols) and i < nbins - 1:
                row.append([" \\"] + ["  "] * (nrows - 1))
            else:
                row.append([" "] * nrows)
        out.append(_adjoin(1, *row))
        start = end
    return "\n\n".join(out)


def _fit_to_width(strcols, index, trunc_v, tr_row_num):
    col_lens = [max(len(x) for x in col) if col else 0 for col in strcols]
    n_cols = len(col_lens)
    total = sum(col_lens) + n_cols - 1
    width, _ = _terminal_size()
    adj_dif = total - width + 1
    if adj_dif <= 0:
        return _adjoin(1, *strcols), False
    adj_dif += 4 + 1
    while adj_dif > 0 and n_cols > 1:
        mid = round(n_cols / 2)
        adj_dif -= col_lens.pop(mid) + 1
        n_cols -= 1
    fitted = max(n_cols - int(index), 2)
    num_data = len(strcols) - int(index)
    if fitted >= num_data:
        return _adjoin(1, *strcols), False
    c = fitted // 2
    if index:
        kept = strcols[: c + 1] + strcols[-c:]
        pos = c + 1
    else:
        kept = strcols[:c] + strcols[-c:]
        pos = c
    rows = len(kept[0]) if kept else 0
    dots = [" ..."] * rows
    if trunc_v:
        # The row of dots: the separator column shows "..." there too.
        pass
    kept.insert(pos, dots)
    return _adjoin(1, *kept), True


# -- Index repr (format_object_summary) --------------------------------------

def _format_object_summary(strs, name, is_justify=True):
    """pandas' format_object_summary: `strs` are the formatted items."""
    display_width = get_option("display.width") or 80
    name_len = len(name)
    space1 = "\n" + " " * (name_len + 1)
    space2 = "\n" + " " * (name_len + 2)
    n = len(strs)
    sep = ","
    max_seq_items = get_option("display.max_seq_items") or n
    is_truncated = n > max_seq_items

    def extend(s, line, value, width, prefix):
        if len(line.rstrip()) + len(value.rstrip()) >= width:
            s += line.rstrip()
            line = prefix
        line += value
        return s, line

    close = ", "
    if n == 0:
        return "[]" + close
    if n == 1:
        return f"[{strs[0]}]" + close
    if max_seq_items == 1:
        head, tail = [], strs[-1:]
    elif n > max_seq_items:
        k = min(max_seq_items // 2, 10)
        head, tail = strs[:k], strs[-k:]
    else:
        head, tail = [], list(strs)
    if is_justify:
        if is_truncated or not (len(", ".join(head)) < display_width and len(", ".join(tail)) < display_width):
            m = max([len(x) for x in head] + [len(x) for x in tail])
            head = [x.rjust(m) for x in head]
            tail = [x.rjust(m) for x in tail]
    summary = ""
    line = space2
    for v in head:
        summary, line = extend(summary, line, v + sep + " ", display_width, space2)
    if is_truncated:
        summary += line.rstrip() + space2 + "..."
        line = space2
    for v in tail[:-1]:
        summary, line = extend(summary, line, v + sep + " ", display_width, space2)
    summary, line = extend(summary, line, tail[-1], display_width - 2, space2)
    summary += line
    close = "]" + close.rstrip(" ")
    summary += close
    if len(summary) > display_width:
        summary += space1
    else:
        summary += " "
    return "[" + summary[len(space2):]


def _index_repr(klass_name, data, attrs):
    """Index.__repr__ from its data part and (key, value) attributes."""
    display_width = get_option("display.width") or 80
    indent = len(klass_name) + 1
    indent_str = " " * indent
    if "\n" in data:
        line_len = len(data.rsplit("\n", 1)[-1])
    else:
        line_len = indent + len(data)
    parts = []
    for i, (key, val) in enumerate(attrs):
        attr = f"{key}={val}"
        comma = 1 if i < len(attrs) - 1 else 0
        if not parts:
            if line_len + len(attr) + comma > display_width:
                parts.append("\n" + indent_str + attr)
                line_len = indent + len(attr)
            else:
                parts.append(attr)
                line_len += len(attr)
        else:
            if line_len + 2 + len(attr) + comma > display_width:
                parts.append(",\n" + indent_str + attr)
                line_len = indent + len(attr)
            else:
                parts.append(", " + attr)
                line_len += 2 + len(attr)
    prepr = "".join(parts)
    if prepr.startswith("\n"):
        data = data.rstrip()
    return f"{klass_name}({data}{prepr})"


def _index_repr_text(ix):
    """How `Columns:`/`Index:` lines of an empty frame show an index."""
    return _pprint_seq(ix.tolist())
