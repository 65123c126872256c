# hipy's pandas: staging of UDFs over lists of strings (the values
# `.str.split` makes), such as `s.str.split().apply(lambda ws:
# max([len(w) for w in ws]))`.
#
# The comprehension runs once, on a symbolic element standing for every
# element of every row; the aggregate it is passed to becomes one
# `list_agg` expression (the body computed over all the elements with
# the column kernels, then reduced per row). That is exact only for one
# shape of code, so the bytecode is checked first: every loop of the
# function is a list comprehension over its argument, without conditions,
# passed straight to one of max/min/sum/len; no other opcode may iterate
# or build a list. Everything else on symbolic values follows staging.py (hipy's).

_LIST_AGGS = ("max", "min", "sum", "len")

# Opcodes allowed outside the comprehensions (no loops, nothing iterating).
_ROW_OPS = frozenset((
    "RESUME", "NOP", "CACHE", "NOT_TAKEN", "PUSH_NULL", "LOAD_CONST", "LOAD_SMALL_INT",
    "LOAD_FAST", "LOAD_FAST_BORROW", "LOAD_FAST_CHECK", "LOAD_FAST_LOAD_FAST",
    "LOAD_FAST_BORROW_LOAD_FAST_BORROW", "STORE_FAST", "LOAD_GLOBAL", "LOAD_DEREF",
    "COPY_FREE_VARS", "CALL", "BINARY_OP", "COMPARE_OP", "UNARY_NEGATIVE", "UNARY_NOT",
    "TO_BOOL", "POP_JUMP_IF_FALSE", "POP_JUMP_IF_TRUE", "JUMP_FORWARD", "POP_TOP",
    "COPY", "SWAP", "RETURN_VALUE", "RETURN_CONST", "RERAISE",
))

# Opcodes allowed in a comprehension's body (no jumps, no stores).
_BODY_OPS = frozenset((
    "NOP", "CACHE", "PUSH_NULL", "LOAD_CONST", "LOAD_SMALL_INT", "LOAD_FAST",
    "LOAD_FAST_BORROW", "LOAD_FAST_LOAD_FAST", "LOAD_FAST_BORROW_LOAD_FAST_BORROW",
    "LOAD_GLOBAL", "LOAD_DEREF", "CALL", "BINARY_OP", "UNARY_NEGATIVE",
))

_COMP_HEAD = (("LOAD_FAST_AND_CLEAR", None), ("SWAP", 2), ("BUILD_LIST", 0), ("SWAP", 2), ("FOR_ITER", None),
              ("STORE_FAST", None))
_COMP_TAIL = (("LIST_APPEND", 2), ("JUMP_BACKWARD", None), ("END_FOR", None), ("POP_ITER", None), ("SWAP", 2),
              ("STORE_FAST", None), ("CALL", 1))


def _matches(ins, pattern, var):
    for i, (op, arg) in zip(ins, pattern):
        if op == "STORE_FAST" and i.opname == "STORE_FAST_LOAD_FAST" and i.argval == (var, var):
            continue  # the element stored, then read by the body
        if i.opname != op:
            return False
        if arg is not None and i.arg != arg:
            return False
        if op in ("LOAD_FAST_AND_CLEAR", "STORE_FAST") and i.argval != var:
            return False
    return len(ins) == len(pattern)


def _reads_only(i, var):
    if not i.opname.startswith("LOAD_FAST"):
        return True
    names = i.argval if isinstance(i.argval, tuple) else (i.argval,)
    return all(n == var for n in names)


def _list_udf_shape(code):
    """Whether the code has the checked shape (see above)."""
    import dis
    arg = code.co_varnames[0]
    ins = list(dis.get_instructions(code))
    i = 0
    while i < len(ins):
        op = ins[i].opname
        if op == "GET_ITER":
            # LOAD_GLOBAL agg (+ NULL), LOAD_FAST arg, GET_ITER, head, body, tail.
            if i < 2 or ins[i - 2].opname != "LOAD_GLOBAL" or ins[i - 2].argval not in _LIST_AGGS:
                return False
            if not ins[i - 1].opname.startswith("LOAD_FAST") or ins[i - 1].argval != arg:
                return False
            var = ins[i + 1].argval if i + 1 < len(ins) else None
            if var == arg or not _matches(ins[i + 1:i + 1 + len(_COMP_HEAD)], _COMP_HEAD, var):
                return False
            j = i + 1 + len(_COMP_HEAD)
            while j < len(ins) and ins[j].opname != "LIST_APPEND":
                if ins[j].opname not in _BODY_OPS or not _reads_only(ins[j], var):
                    return False
                j += 1
            if not _matches(ins[j:j + len(_COMP_TAIL)], _COMP_TAIL, var):
                return False
            i = j + len(_COMP_TAIL)
            continue
        if op not in _ROW_OPS:
            return False
        if op == "STORE_FAST" and ins[i].argval == arg:
            return False
        i += 1
    return True


class _SymList:
    """The symbolic argument: a row's list of strings."""

    __slots__ = ("e", "lo", "hi", "widest")

    def __init__(self, e, lo, hi, widest):
        self.e = e
        self.lo = lo
        self.hi = hi
        self.widest = widest

    def __iter__(self):
        # Only comprehensions of the checked shape reach this.
        return iter([_Sym(_ELEMENT, "s", 0, self.widest, bk=_TX)])

    def __getattr__(self, name):
        raise _NotStaged()

    def __bool__(self):
        raise _NotStaged()


_ELEMENT = _e.element()


def _reads_element(x):
    return isinstance(x, _Sym) and _ELEMENT.column_name() in x.e.columns()


def _is_element(x):
    """Whether `x` is computed from the element alone."""
    return isinstance(x, _Sym) and x.e.columns() == [_ELEMENT.column_name()]


def _list_agg(name, lst, x):
    """`name(x)`, `x` the list a comprehension over `lst` built."""
    if name == "len":
        return _Sym(lst.e.str("len"), "i", lst.lo, lst.hi, bk=_TX)
    if len(x) != 1:
        raise _NotStaged()
    body = x[0]
    if isinstance(body, _Sym):
        if body.kind != "i" or not (_is_element(body) or not body.e.columns()):
            raise _NotStaged()
        e, lo, hi = body.e, body.lo, body.hi
    elif isinstance(body, int) and not isinstance(body, bool) and abs(body) < _INT_LIMIT:
        e, lo, hi = _e.lit(body), body, body
    else:
        raise _NotStaged()
    if name == "sum":
        lo, hi = min(0, lo, lo * lst.hi), max(0, hi, hi * lst.hi)
        if max(abs(lo), abs(hi)) >= _INT_LIMIT:
            raise _NotStaged()
    elif lst.lo == 0:
        raise _NotStaged()  # max()/min() of an empty list raises
    return _Sym(lst.e.list_agg(name, e), "i", lo, hi, bk=_TX)


def _staged_builtins(lst):
    import builtins
    b = dict(builtins.__dict__)

    def make(name, orig):
        def f(*args, **kwargs):
            if len(args) == 1 and not kwargs:
                x = args[0]
                if isinstance(x, list):
                    return _list_agg(name, lst, x)
                if x is lst:
                    if name != "len":
                        raise _NotStaged()
                    return _Sym(lst.e.str("len"), "i", lst.lo, lst.hi, bk=_TX)
                if name == "len" and _is_element(x) and x.kind == "s":
                    return _Sym(x.e.str("len"), "i", 0, x.hi, bk=_TX)
            for a in list(args) + list(kwargs.values()):
                if a is lst or isinstance(a, list) or (isinstance(a, _Sym) and a.kind == "s"):
                    raise _NotStaged()
            return orig(*args, **kwargs)
        return f

    for name in _LIST_AGGS:
        b[name] = make(name, getattr(builtins, name))
    return b


def _stage_list_udf(func, s):
    """`s.apply(func)` for a Series of lists of strings, as a lazy Series
    of ints, or None when it cannot be staged."""
    # The function runs with its globals replaced by the staged builtins:
    # it may read no global of its own.
    if not _stageable(func, _LIST_AGGS) or not _list_udf_shape(func.__code__):
        return None
    if any(n in func.__globals__ for n in func.__code__.co_names):
        return None
    shape = s._values_col().list_shape()
    if shape is None:
        return None
    lst = _SymList(s._e_expr(), *shape)
    f = _types.FunctionType(func.__code__, {"__builtins__": _staged_builtins(lst)}, func.__name__,
                            func.__defaults__, func.__closure__)
    try:
        paths = _run_paths(f, (lst,))[0]
        for conds, r in paths:
            if any(_reads_element(c) for c, _ in conds) or _reads_element(r):
                raise _NotStaged()
        expr, dtype = _combine(paths)
    except _NotStaged:
        return None
    r = s._with_expr(expr)
    r._dt = dtype
    return r
