# hipy's staging (Snek's idea, HiPy's UDF compilation), shared by numpy and
# pandas: a function runs once per path on symbolic values whose operators
# build graph expressions; each truth test of a symbolic condition forks
# the run (the first run takes every branch, the next the last untried
# one), and the paths merge into one nested select (`where`). In
# element-wise code a path past _MAX_DECISIONS branches (a loop on a staged
# condition that runs longer) is cut, under a guard.
#
# Two kinds of symbolic values use it:
# - `_Sym` (this file) stands for *each element* of some data, with
#   Python's scalar semantics: `np.vectorize` and pandas' `apply`/`map`.
#   Its expressions are built by a backend (numpy's lazy arrays,
#   pandas' column expressions).
# - `hipy.stage` (stage_numpy.py) runs a function on lazy numpy values
#   themselves, forking where it branches on a pending scalar.
#
# Staging applies only where it gives exactly what running the code gives.
# Before anything runs, the code is checked (`_check_pure`): it may call
# only functions known to be pure, store no attribute, subscript, global
# or free variable, build no nested code, and import nothing, so running it
# once per path has no effect outside. While it runs, anything that could
# differ raises `_NotStaged` (whose message names the construct), and the
# caller runs the code as ordinary Python instead.

import types as _types
import builtins as _builtins
import math as _math
import operator as _operator


class _NotStaged(Exception):
    """Staging cannot give exactly what running the code gives; the message
    says which construct stopped it."""


class _PathCut(Exception):
    """A path of element-wise code went past _MAX_DECISIONS branches (a
    loop on a staged condition that runs longer): it is not followed, and
    a guard sends the call to plain Python if any element takes it."""


# The result of a cut path.
_CUT = object()


_MAX_PATHS = 32
_MAX_DECISIONS = 16
_INT_LIMIT = 1 << 62
_EXACT_INT = 1 << 53


# -- paths ----------------------------------------------------------------

class _Tracer:
    """One run along a path: the decisions to replay (`script`), the
    conditions met with the way taken, and the guards (expressions true
    where Python would have raised) registered on the way."""

    def __init__(self, script):
        self.script = script
        self.pos = 0
        self.conds = []
        # Expressions true where Python would have raised on this path.
        self.guards = []
        # A min()/max() of an int and a float gave either (see _select_cmp).
        self.mixed = False

    def decide(self, cond):
        if self.pos >= _MAX_DECISIONS:
            if isinstance(cond, _Sym) and cond.bk.guards:
                self.guards.append(True)
                raise _PathCut()
            raise _NotStaged(f"more than {_MAX_DECISIONS} branches on staged values")
        if self.pos < len(self.script):
            v = self.script[self.pos]
        else:
            v = True
            self.script.append(True)
        self.pos += 1
        self.conds.append((cond, v))
        return v

    def guard(self, err):
        self.guards.append(err)


_tracer = [None]


def _decide(cond):
    t = _tracer[0]
    if t is None:
        raise _NotStaged("a staged value was tested outside staging")
    return t.decide(cond)


def _run_paths(func, args, on_enter=None, on_exit=None):
    """`func(*args)` along every path: ([(conditions, result)], guards,
    mixed), each condition a (condition, taken) pair, `guards[k]` the
    guards met on path k, `mixed` whether some result may be an int or a
    float (see _select_cmp). A cut path's result is _CUT (its guard is
    `True`: any element that takes it)."""
    paths = []
    guards = []
    mixed = False
    script = []
    for _ in range(_MAX_PATHS):
        t = _Tracer(script)
        _tracer[0] = t
        if on_enter is not None:
            on_enter(t)
        try:
            result = func(*args)
        except _PathCut:
            result = _CUT
        except _NotStaged:
            raise
        except Exception as e:
            raise _NotStaged(f"{type(e).__name__} raised while staging: {e}")
        finally:
            _tracer[0] = None
            if on_exit is not None:
                on_exit()
        paths.append((t.conds, result))
        guards.append(t.guards)
        mixed = mixed or t.mixed
        script = list(t.script[: t.pos])
        while script and script[-1] is False:
            script.pop()
        if not script:
            return paths, guards, mixed
        script[-1] = False
    raise _NotStaged(f"more than {_MAX_PATHS} paths")


def _merge(paths, leaf, where):
    """One value for the paths: `where(cond, yes, no)` nested over the
    decisions, `leaf(result)` at the ends. Cut paths are left out (a guard
    covers them): where only they take a way, the other way's value is
    used."""

    def build(items, depth):
        conds, r = items[0]
        if len(conds) == depth:
            return leaf(r)
        cond = conds[depth][0]
        yes = [p for p in items if p[0][depth][1]]
        no = [p for p in items if not p[0][depth][1]]
        if not yes or not no:
            raise _NotStaged("a branch whose condition changed between runs")
        if all(p[1] is _CUT for p in yes):
            return build(no, depth + 1)
        if all(p[1] is _CUT for p in no):
            return build(yes, depth + 1)
        return where(cond, build(yes, depth + 1), build(no, depth + 1))

    if all(r is _CUT for _, r in paths):
        raise _NotStaged(f"more than {_MAX_DECISIONS} branches on staged values on every path")
    return build(paths, 0)


# -- the purity check -----------------------------------------------------

# Opcodes that change something outside the running function, or leave it.
_IMPURE_OPS = frozenset((
    "STORE_ATTR", "DELETE_ATTR", "STORE_SUBSCR", "DELETE_SUBSCR", "STORE_SLICE", "STORE_GLOBAL",
    "DELETE_GLOBAL", "STORE_DEREF", "DELETE_DEREF", "STORE_NAME", "DELETE_NAME", "IMPORT_NAME",
    "IMPORT_FROM", "IMPORT_STAR", "YIELD_VALUE", "GET_AWAITABLE", "BEFORE_WITH", "BEFORE_ASYNC_WITH",
    "LOAD_SPECIAL", "SETUP_WITH", "SETUP_FINALLY", "PUSH_EXC_INFO", "CHECK_EXC_MATCH", "RAISE_VARARGS",
    "SETUP_ANNOTATIONS", "LOAD_BUILD_CLASS", "MAKE_FUNCTION", "CALL_INTRINSIC_1", "CALL_INTRINSIC_2",
))

# Builtins that compute from their arguments alone (on values that are
# not user objects, which staged code never sees).
_PURE_BUILTINS = frozenset((
    "abs", "min", "max", "float", "int", "bool", "round", "len", "range", "tuple", "list", "divmod",
    "pow", "sum", "any", "all", "sorted", "zip", "enumerate", "str", "True", "False", "None",
))

# math functions: computed from the argument alone.
_PURE_MATH = frozenset((
    "sqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos",
    "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "cbrt", "fabs", "floor", "ceil",
    "trunc", "hypot", "copysign", "isnan", "isinf", "isfinite", "pi", "e", "inf", "nan", "tau",
))


def _instructions(code):
    """(offset, opname, arg) of `code`'s instructions, read from its
    bytecode with `opcode`'s tables (`dis` is slow to import and to run):
    EXTENDED_ARG prefixes folded into the argument, inline caches skipped."""
    import opcode
    names, caches, ext_op = opcode.opname, opcode._inline_cache_entries, opcode.opmap["EXTENDED_ARG"]
    b = code.co_code
    ext = 0
    i = 0
    while i < len(b):
        op = b[i]
        arg = b[i + 1] | ext
        if op == ext_op:
            ext = arg << 8
            i += 2
            continue
        ext = 0
        name = names[op]
        yield i, name, arg
        i += 2 + 2 * caches.get(name, 0)


def _line_of(code, offset):
    for k, pos in enumerate(code.co_positions()):
        if k == offset // 2:
            return pos[0] if pos[0] is not None else "?"
    return "?"


# code object -> what _check_pure reads from its bytecode (see _code_events).
_events_cache = {}


def _code_events(code):
    """What the purity check needs from `code`'s bytecode, in order: an
    impure opcode ("op", message), an in-place operator ("inplace",
    symbol), a global or builtin loaded ("global", name), an attribute
    loaded ("attr", name); the same name once. Read once per code object."""
    events = _events_cache.get(code)
    if events is not None:
        return events
    import opcode
    nb_ops = opcode._nb_ops
    events = []
    seen = set()
    names = code.co_names
    for offset, op, arg in _instructions(code):
        if op in _IMPURE_OPS:
            events.append(("op", f"{op} in {code.co_name} (line {_line_of(code, offset)})"))
        elif op == "BINARY_OP":
            sym = nb_ops[arg][1] if arg < len(nb_ops) else ""
            if sym.endswith("=") and sym not in ("==", "!=", "<=", ">="):
                events.append(("inplace", sym))
        elif op in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_ATTR", "LOAD_METHOD"):
            name = names[arg >> 1 if op in ("LOAD_GLOBAL", "LOAD_ATTR") else arg]
            kind = "global" if op in ("LOAD_GLOBAL", "LOAD_NAME") else "attr"
            if (kind, name) not in seen:
                seen.add((kind, name))
                events.append((kind, name))
    events = tuple(events)
    _events_cache[code] = events
    return events


def _check_pure(func, names_ok, globals_ok, inplace_ok, depth=0):
    """Raises _NotStaged naming the first construct of `func` (or of a
    function it calls) that could act outside it; nothing runs.
    `names_ok(name)` says which attribute names are allowed,
    `globals_ok(name, value)` which global values, `inplace_ok` whether
    `x += y` may run (it changes an array in place)."""
    if not isinstance(func, _types.FunctionType):
        raise _NotStaged(f"{type(func).__name__} is not a Python function")
    code = func.__code__
    if code.co_flags & 0x2A0:  # generator, coroutine, async generator
        raise _NotStaged(f"{func.__name__} is a generator or coroutine")
    for c in code.co_consts:
        if isinstance(c, _types.CodeType):
            raise _NotStaged(f"nested code ({c.co_name}) in {func.__name__}")
    if func.__closure__:
        for cell in func.__closure__:
            try:
                v = cell.cell_contents
            except ValueError:
                raise _NotStaged(f"an unset free variable in {func.__name__}")
            if not _is_plain_value(v) and v is not _math:
                raise _NotStaged(f"{func.__name__} closes over a {type(v).__name__}")
    for d in (func.__defaults__ or ()):
        if not _is_plain_value(d):
            raise _NotStaged(f"{func.__name__} has a {type(d).__name__} default")
    if func.__kwdefaults__:
        raise _NotStaged(f"{func.__name__} has keyword-only defaults")
    g = func.__globals__
    bi = g.get("__builtins__", _builtins)
    if isinstance(bi, _types.ModuleType):
        bi = bi.__dict__
    for kind, name in _code_events(code):
        if kind == "op":
            raise _NotStaged(name)
        if kind == "inplace":
            if not inplace_ok:
                raise _NotStaged(f"in-place operator {name} in {func.__name__}")
        elif kind == "global":
            if name in g:
                v = g[name]
                if isinstance(v, _types.FunctionType) and v is not func:
                    if depth >= 4:
                        raise _NotStaged(f"calls nested too deep ({name})")
                    _check_pure(v, names_ok, globals_ok, inplace_ok, depth + 1)
                elif not globals_ok(name, v):
                    raise _NotStaged(f"global {name!r} ({type(v).__name__}) in {func.__name__} is not known to be pure")
            elif name in bi:
                if name not in _PURE_BUILTINS or bi[name] is not getattr(_builtins, name, None):
                    raise _NotStaged(f"call to {name}() in {func.__name__} (not known to be pure)")
            else:
                raise _NotStaged(f"undefined global {name!r} in {func.__name__}")
        elif not names_ok(name):
            raise _NotStaged(f"attribute .{name} in {func.__name__} is not known to be pure")


def _is_plain_value(v):
    if v is None or isinstance(v, (bool, int, float, str)):
        return True
    if isinstance(v, tuple):
        return all(_is_plain_value(x) for x in v)
    return False


# -- symbolic scalars -----------------------------------------------------

def _const_kind(v):
    if isinstance(v, bool):
        return "b"
    if isinstance(v, int):
        return "i"
    if isinstance(v, float):
        return "f"
    if isinstance(v, str):
        return "s"
    return None


class _Sym:
    """A symbolic Python scalar standing for each element of some data:
    an expression `e` built by the backend `bk`, its kind (f float, i int,
    b bool, s str) and, for ints, bounds of its values."""

    __slots__ = ("e", "kind", "lo", "hi", "bk")
    __hash__ = None

    def __init__(self, e, kind, lo=None, hi=None, bk=None):
        self.e = e
        self.kind = kind
        self.lo = lo
        self.hi = hi
        self.bk = bk

    def __bool__(self):
        if self.kind != "b":
            raise _NotStaged(f"truth value of a staged {_KIND_NAMES[self.kind]}")
        return _decide(self)

    def __getattr__(self, name):
        raise _NotStaged(f"attribute .{name} of a staged value")

    def __iter__(self):
        raise _NotStaged("iteration over a staged value")

    def __len__(self):
        raise _NotStaged("len() of a staged value")

    def __float__(self):
        raise _NotStaged("float() of a staged value")

    def __int__(self):
        raise _NotStaged("int() of a staged value")

    def __index__(self):
        raise _NotStaged("a staged value used as an index")

    def __format__(self, spec):
        raise _NotStaged("formatting of a staged value")

    def __repr__(self):
        raise _NotStaged("str() or repr() of a staged value")

    __str__ = __repr__


_KIND_NAMES = {"f": "float", "i": "int", "b": "bool", "s": "str"}


def _operand(x, bk):
    """(expr, kind, lo, hi) of an operand."""
    if isinstance(x, _Sym):
        return x.e, x.kind, x.lo, x.hi
    k = _const_kind(x)
    if k is None:
        raise _NotStaged(f"a staged value combined with a {type(x).__name__}")
    if k == "b":
        raise _NotStaged("arithmetic or comparison with a bool constant")
    if k == "f" and x != x:
        raise _NotStaged("a nan constant")
    if k == "i":
        if abs(x) >= _INT_LIMIT:
            raise _NotStaged("an int constant beyond 2**62")
        return bk.lit(x, "i"), "i", x, x
    return bk.lit(x, k), k, None, None


def _guard(bk, err, what):
    """Registers `err` (true where Python raises), or refuses when the
    backend cannot check guards."""
    if not bk.guards:
        raise _NotStaged(what)
    t = _tracer[0]
    if t is None:
        raise _NotStaged(what)
    t.guard(err)


def _backend_of(a, b):
    return a.bk if isinstance(a, _Sym) else b.bk


def _arith(a, b, op):
    bk = _backend_of(a, b)
    ea, ka, la, ha = _operand(a, bk)
    eb, kb, lb, hb = _operand(b, bk)
    if "s" in (ka, kb):
        if op == "+" and ka == kb == "s":
            return _Sym(bk.binary("+", ea, eb), "s", bk=bk)
        raise _NotStaged(f"operator {op} on a str")
    if "b" in (ka, kb):
        raise _NotStaged(f"operator {op} on a bool")
    if op == "/":
        if kb == "i" and max(abs(lb), abs(hb)) >= _EXACT_INT:
            raise _NotStaged("division by an int beyond 2**53")
        if ka == "i" and max(abs(la), abs(ha)) >= _EXACT_INT:
            raise _NotStaged("division of an int beyond 2**53")
        if isinstance(b, _Sym):
            _guard(bk, bk.binary("==", eb, bk.lit(0, kb)), "division by a staged value (it may be zero)")
        elif b == 0:
            raise _NotStaged("division by zero")
        if ka == "i" and kb == "i":
            ea, eb = bk.cast_float(ea), bk.cast_float(eb)
        return _Sym(bk.binary("/", ea, eb), "f", bk=bk)
    if op == "**":
        if isinstance(b, _Sym) or not isinstance(b, int) or not (0 <= b <= 3):
            raise _NotStaged("a power other than 0..3")
        if ka == "i":
            m = max(abs(la), abs(ha)) ** b
            if m >= _INT_LIMIT:
                raise _NotStaged("an int power that may pass 2**62")
            lo = 0 if (b % 2 == 0 and la < 0 < ha) else min(la ** b, ha ** b)
            return _Sym(bk.binary("**", ea, eb), "i", lo, max(la ** b, ha ** b), bk=bk)
        return _Sym(bk.binary("**", ea, eb), "f", bk=bk)
    if op not in ("+", "-", "*"):
        raise _NotStaged(f"operator {op}")
    if ka == "f" or kb == "f":
        if ka == "i" and max(abs(la), abs(ha)) >= _EXACT_INT:
            raise _NotStaged("an int beyond 2**53 mixed with a float")
        if kb == "i" and max(abs(lb), abs(hb)) >= _EXACT_INT:
            raise _NotStaged("an int beyond 2**53 mixed with a float")
        return _Sym(bk.binary(op, ea, eb), "f", bk=bk)
    if op == "+":
        lo, hi = la + lb, ha + hb
    elif op == "-":
        lo, hi = la - hb, ha - lb
    else:
        c = (la * lb, la * hb, ha * lb, ha * hb)
        lo, hi = min(c), max(c)
    if max(abs(lo), abs(hi)) >= _INT_LIMIT:
        raise _NotStaged(f"int {op} that may pass 2**62")
    return _Sym(bk.binary(op, ea, eb), "i", lo, hi, bk=bk)


def _compare(a, b, op):
    bk = _backend_of(a, b)
    ea, ka, la, ha = _operand(a, bk)
    eb, kb, lb, hb = _operand(b, bk)
    if ("s" in (ka, kb)) and ka != kb:
        raise _NotStaged("a str compared with a number")
    if "b" in (ka, kb):
        raise _NotStaged("a comparison of bools")
    if ka != kb:
        # An int compared with a float: exact while the int converts exactly.
        if (ka == "i" and max(abs(la), abs(ha)) >= _EXACT_INT) or (kb == "i" and max(abs(lb), abs(hb)) >= _EXACT_INT):
            raise _NotStaged("an int beyond 2**53 compared with a float")
    return _Sym(bk.binary(op, ea, eb), "b", bk=bk)


def _install_operators():
    for name, op in (("add", "+"), ("sub", "-"), ("mul", "*"), ("truediv", "/"), ("pow", "**")):
        def fwd(self, other, op=op):
            return _arith(self, other, op)

        def rev(self, other, op=op):
            return _arith(other, self, op)
        setattr(_Sym, f"__{name}__", fwd)
        setattr(_Sym, f"__r{name}__", rev)
    for name, op in (("floordiv", "//"), ("mod", "%"), ("and", "&"), ("or", "|"), ("xor", "^"),
                     ("lshift", "<<"), ("rshift", ">>"), ("matmul", "@")):
        def bad(self, other, op=op):
            raise _NotStaged(f"operator {op} on a staged value")
        setattr(_Sym, f"__{name}__", bad)
        setattr(_Sym, f"__r{name}__", bad)
    for name, op in (("eq", "=="), ("ne", "!="), ("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">=")):
        def cmp(self, other, op=op):
            return _compare(self, other, op)
        setattr(_Sym, f"__{name}__", cmp)


_install_operators()


def _sym_neg(self):
    if self.kind == "f":
        return _Sym(self.bk.unary("neg", self.e), "f", bk=self.bk)
    if self.kind == "i":
        return _Sym(self.bk.unary("neg", self.e), "i", -self.hi, -self.lo, bk=self.bk)
    raise _NotStaged(f"unary - on a {_KIND_NAMES[self.kind]}")


def _sym_abs(self):
    if self.kind == "f":
        return _Sym(self.bk.unary("abs", self.e), "f", bk=self.bk)
    if self.kind == "i":
        lo = 0 if self.lo <= 0 <= self.hi else min(abs(self.lo), abs(self.hi))
        return _Sym(self.bk.unary("abs", self.e), "i", lo, max(abs(self.lo), abs(self.hi)), bk=self.bk)
    raise _NotStaged(f"abs() of a {_KIND_NAMES[self.kind]}")


def _sym_pos(self):
    if self.kind in ("f", "i"):
        return self
    raise _NotStaged(f"unary + on a {_KIND_NAMES[self.kind]}")


_Sym.__neg__ = _sym_neg
_Sym.__abs__ = _sym_abs
_Sym.__pos__ = _sym_pos


def _stage_float(x):
    """`float(x)` of a staged number."""
    if isinstance(x, _Sym):
        if x.kind == "f":
            return x
        if x.kind == "i" and max(abs(x.lo), abs(x.hi)) < _EXACT_INT:
            return _Sym(x.bk.cast_float(x.e), "f", bk=x.bk)
        raise _NotStaged(f"float() of a {_KIND_NAMES[x.kind]}")
    return float(x)


# -- staged builtins and math over _Sym -----------------------------------
#
# min/max select without forking: min(a, b) is b where b < a, else a (the
# first of equals, and nan as Python's comparisons give it). math functions
# map to the kernels computing them with the same C library calls; where
# Python's math raises (a nan from a non-nan argument, an infinity from a
# finite one), a guard says so and the caller falls back.

def _staged_minmax(orig, op):
    def f(*args, **kwargs):
        if kwargs or len(args) < 2 or not any(isinstance(a, _Sym) for a in args):
            if any(isinstance(a, _Sym) for a in args) or (len(args) == 1 and _has_sym(args[0])):
                raise _NotStaged(f"{orig.__name__}() of an iterable of staged values")
            return orig(*args, **kwargs)
        cur = args[0]
        for x in args[1:]:
            cur = _select_cmp(x, cur, op)
        return cur
    f.__name__ = orig.__name__
    return f


def _has_sym(x):
    return isinstance(x, (list, tuple)) and any(isinstance(v, _Sym) for v in x)


def _select_cmp(x, cur, op):
    """`x if x <op> cur else cur` without forking. Of an int and a float,
    the result is the float or the int as a float (exact below 2**53), and
    the run is marked `mixed`: a caller whose result type matters per
    element refuses it."""
    bk = _backend_of(x, cur)
    c = _compare(x, cur, op)
    ex, kx, lx, hx = _operand(x, bk)
    ec, kc, lc, hc = _operand(cur, bk)
    if kx not in ("f", "i") or kc not in ("f", "i"):
        raise _NotStaged("min()/max() of values that are not numbers")
    if kx != kc:
        for k, lo, hi in ((kx, lx, hx), (kc, lc, hc)):
            if k == "i" and max(abs(lo), abs(hi)) >= _EXACT_INT:
                raise _NotStaged("min()/max() of a float and an int beyond 2**53")
        if kx == "i":
            ex = bk.cast_float(ex)
        if kc == "i":
            ec = bk.cast_float(ec)
        _tracer[0].mixed = True
    e = bk.where(c.e, ex, ec)
    if kx == kc == "i":
        return _Sym(e, "i", min(lx, lc), max(hx, hc), bk=bk)
    return _Sym(e, "f", bk=bk)


def _staged_range(*args):
    """`range` in staged code: a staged int stop gives the iterations as a
    loop on the staged condition `i < stop` (each test a branch)."""
    if not any(isinstance(a, _Sym) for a in args):
        return range(*args)
    if len(args) > 3:
        raise _NotStaged("range() with more than 3 arguments")
    start, stop, step = _range_parts(args)
    if isinstance(start, _Sym) or isinstance(step, _Sym):
        raise _NotStaged("range() with a staged start or step")
    if stop.kind != "i" or not isinstance(start, int) or not isinstance(step, int) or step == 0:
        raise _NotStaged("range() of a staged value that is not an int")
    return _staged_range_iter(start, stop, step)


def _range_parts(args):
    """(start, stop, step) of `range(*args)`, 1 to 3 arguments."""
    return (0, args[0], 1) if len(args) == 1 else (tuple(args) + (1,))[:3]


def _staged_range_iter(i, stop, step):
    while (i < stop) if step > 0 else (i > stop):
        yield i
        i += step


def _staged_abs(x):
    if isinstance(x, _Sym):
        return _sym_abs(x)
    return abs(x)


def _staged_float(x=0.0):
    if isinstance(x, _Sym):
        return _stage_float(x)
    return float(x)


# math name -> the backend's unary function (one argument, a float result).
_MATH_UNARY = ("sqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin",
               "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "cbrt", "fabs")


def _staged_math_fn(name, orig):
    def f(*args):
        if not any(isinstance(a, _Sym) for a in args):
            return orig(*args)
        if len(args) != 1:
            raise _NotStaged(f"math.{name}() with {len(args)} arguments")
        x = _stage_float(args[0])
        bk = x.bk
        r = bk.func(name, x.e)
        if r is None:
            raise _NotStaged(f"math.{name}()")
        err = bk.math_error(name, r, x.e)
        if err is not None:
            _guard(bk, err, f"math.{name}()")
        return _Sym(r, "f", bk=bk)
    f.__name__ = name
    return f


class _StagedMath:
    """The `math` module as staged code sees it."""

    def __init__(self):
        for name in dir(_math):
            if not name.startswith("_"):
                setattr(self, name, getattr(_math, name))
        for name in _MATH_UNARY:
            if hasattr(_math, name):
                setattr(self, name, _staged_math_fn(name, getattr(_math, name)))
        for name in ("floor", "ceil", "trunc", "isnan", "isinf", "isfinite", "hypot", "atan2", "copysign"):
            setattr(self, name, _refuse_sym(name, getattr(_math, name)))


def _refuse_sym(name, orig):
    def f(*args):
        if any(isinstance(a, _Sym) for a in args):
            raise _NotStaged(f"math.{name}() of a staged value")
        return orig(*args)
    f.__name__ = name
    return f


_staged_math = [None]


def _math_for_staging():
    if _staged_math[0] is None:
        _staged_math[0] = _StagedMath()
    return _staged_math[0]


def _sym_globals(func):
    """`func`'s globals as staged code sees them: min/max/abs/float and
    math functions that build expressions of `_Sym` values."""
    import builtins
    b = dict(builtins.__dict__)
    b["min"] = _staged_minmax(min, "<")
    b["max"] = _staged_minmax(max, ">")
    b["abs"] = _staged_abs
    b["range"] = _staged_range
    b["float"] = _staged_float
    g = dict(func.__globals__)
    g["__builtins__"] = b
    sm = _math_for_staging()
    for k, v in list(g.items()):
        if v is _math:
            g[k] = sm
        elif isinstance(v, _types.BuiltinFunctionType) and getattr(_math, getattr(v, "__name__", ""), None) is v:
            g[k] = getattr(sm, v.__name__)
    return g


def _with_sym_globals(func, memo=None):
    """A copy of `func` (and of the Python functions it calls) whose
    globals are `_sym_globals`."""
    if memo is None:
        memo = {}
    if id(func) in memo:
        return memo[id(func)]
    g = _sym_globals(func)
    f = _types.FunctionType(func.__code__, g, func.__name__, func.__defaults__, func.__closure__)
    memo[id(func)] = f
    for k, v in list(g.items()):
        if isinstance(v, _types.FunctionType) and k in func.__code__.co_names:
            g[k] = f if v is func else _with_sym_globals(v, memo)
    return f


def _sym_names_ok(allowed=()):
    """The attribute names element-wise code may use: math's functions and
    `allowed` (a row's column names)."""
    def ok(name):
        return name in _PURE_MATH or name in allowed
    return ok


def _sym_globals_ok(name, v):
    if v is _math:
        return True
    if isinstance(v, _types.BuiltinFunctionType) and getattr(_math, getattr(v, "__name__", ""), None) is v:
        return v.__name__ in _PURE_MATH
    return _is_plain_value(v)


def _check_elementwise(func, allowed=()):
    """`_check_pure` for code run on `_Sym` values."""
    _check_pure(func, _sym_names_ok(allowed), _sym_globals_ok, True)


def _result_kind(r):
    if isinstance(r, _Sym):
        return r.kind
    k = _const_kind(r)
    if k is None:
        raise _NotStaged(f"a {type(r).__name__} result")
    if k == "f" and r != r:
        raise _NotStaged("a nan result")
    return k
