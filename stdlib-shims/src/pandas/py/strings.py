# hipy's pandas: the `.str` accessor. Each method is a column expression
# evaluated in the plan (Arrow string kernels), so `df[df.s.str.contains(x)]`
# stays one lazy plan.

_REGEX_META = set(".^$*+?{}[]\\|()")


def _is_literal(pat):
    return not any(c in _REGEX_META for c in pat)


def _py_repl_to_rust(repl):
    # Python's \1 / \g<name> group references -> the regex crate's ${1}.
    out = []
    i = 0
    while i < len(repl):
        c = repl[i]
        if c == "\\" and i + 1 < len(repl) and repl[i + 1].isdigit():
            j = i + 1
            while j < len(repl) and repl[j].isdigit():
                j += 1
            out.append("${" + repl[i + 1:j] + "}")
            i = j
            continue
        if c == "$":
            out.append("$$")
        else:
            out.append(c)
        i += 1
    return "".join(out)


class StringMethods:
    def __init__(self, series, index_result=False):
        self._s = series
        self._index_result = index_result

    def _wrap(self, expr):
        r = self._s._with_expr(expr)
        if self._s._dtype_name() == "object" and r._dtype_name() == "str":
            r = r.astype("object")
        if self._index_result:
            return Index._from_column(r._values_col(), self._s.name)
        return r

    def _op(self, *args):
        return self._wrap(self._s._e_expr().str(*args))

    def len(self):
        return self._op("len")

    def lower(self):
        return self._op("lower")

    def upper(self):
        return self._op("upper")

    def title(self):
        return self._op("title")

    def capitalize(self):
        return self._op("capitalize")

    def strip(self, to_strip=None):
        return self._op("strip", to_strip)

    def lstrip(self, to_strip=None):
        return self._op("lstrip", to_strip)

    def rstrip(self, to_strip=None):
        return self._op("rstrip", to_strip)

    def contains(self, pat, case=True, flags=0, na=_no_default, regex=True):
        if flags:
            raise _unsupported("Series.str.contains(flags=)")
        if na is not _no_default and not (na is False or (isinstance(na, float) and na != na)):
            raise _unsupported("Series.str.contains(na=...)")
        if not regex or _is_literal(pat):
            return self._op("contains", pat, bool(case))
        return self._op("contains_regex", pat, bool(case))

    def startswith(self, pat, na=_no_default):
        if isinstance(pat, tuple):
            r = None
            for p in pat:
                e = self._s._e_expr().str("startswith", p)
                r = e if r is None else r.binary("|", e)
            return self._wrap(r)
        return self._op("startswith", pat)

    def endswith(self, pat, na=_no_default):
        if isinstance(pat, tuple):
            r = None
            for p in pat:
                e = self._s._e_expr().str("endswith", p)
                r = e if r is None else r.binary("|", e)
            return self._wrap(r)
        return self._op("endswith", pat)

    def replace(self, pat, repl, n=-1, case=None, flags=0, regex=False):
        if callable(repl) or flags:
            raise _unsupported("Series.str.replace with a callable or flags")
        if not regex or _is_literal(pat):
            if case is False:
                return self._op("replace_regex", _re.escape(pat), _py_repl_to_rust(repl) if regex else repl.replace("$", "$$"), n, False)
            return self._op("replace", pat, repl, n)
        return self._op("replace_regex", pat, _py_repl_to_rust(repl), n, case is not False)

    def split(self, pat=None, n=-1, expand=False, regex=None):
        if expand:
            raise _unsupported("Series.str.split(expand=True)")
        if regex:
            raise _unsupported("Series.str.split(regex=True)")
        if n is None or n == 0:
            n = -1
        return self._op("split", pat, n)

    def rsplit(self, pat=None, n=-1, expand=False):
        if n not in (-1, None, 0):
            raise _unsupported("Series.str.rsplit(n=...)")
        return self.split(pat, -1, expand)

    def slice(self, start=None, stop=None, step=None):
        return self._op("slice", start, stop, step)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self.slice(key.start, key.stop, key.step)
        return self.get(key)

    def get(self, i):
        return self._op("get", i)

    def zfill(self, width):
        return self._op("zfill", width)

    def pad(self, width, side="left", fillchar=" "):
        return self._op("pad", width, side, fillchar)

    def center(self, width, fillchar=" "):
        return self._op("pad", width, "both", fillchar)

    def ljust(self, width, fillchar=" "):
        return self._op("pad", width, "right", fillchar)

    def rjust(self, width, fillchar=" "):
        return self._op("pad", width, "left", fillchar)

    def count(self, pat, flags=0):
        if not _is_literal(pat) or flags:
            raise _unsupported("Series.str.count with a regular expression")
        return self._op("count", pat)

    def find(self, sub, start=0, end=None):
        if start or end is not None:
            raise _unsupported("Series.str.find(start=/end=)")
        return self._op("find", sub)

    def isdigit(self):
        return self._op("isdigit")

    def isalpha(self):
        return self._op("isalpha")

    def isnumeric(self):
        return self._op("isnumeric")

    def isalnum(self):
        return self._op("isalnum")

    def isspace(self):
        return self._op("isspace")

    def islower(self):
        return self._op("islower")

    def isupper(self):
        return self._op("isupper")

    def join(self, sep):
        return self._op("join", sep)

    def cat(self, others=None, sep=None, na_rep=None, join="left"):
        if na_rep is not None:
            raise _unsupported("Series.str.cat(na_rep=)")
        sep = "" if sep is None else sep
        if others is None:
            vals = [v for v in self._s.tolist() if not _isna_scalar(v)]
            return sep.join(vals)
        if isinstance(others, Series):
            if not _same_rows(self._s, others):
                others = Series._from_column(others.reindex(self._s.index)._values_col(), None)
                return self._wrap(self._s._e_expr().cat(_e.data(others._values_col()), sep))
            return self._wrap(self._s._e_expr().cat(others._e_expr(), sep))
        if isinstance(others, (list, _ndarray)):
            col = _column_of(list(others) if not isinstance(others, _ndarray) else others)
            return self._wrap(self._s._e_expr().cat(_e.data(col), sep))
        raise _unsupported("Series.str.cat with these others")

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        raise _unsupported(f"Series.str.{name}")
