# hipy's staging over numpy (see staging.py for the mechanism):
# - `_stage_vectorize`: `np.vectorize(f)` runs `f` once per path on `_Sym`
#   values standing for the elements, building lazy numpy nodes: one
#   fused expression instead of a Python call per element;
# - `stage`: the `hipy.stage` decorator runs a function on the lazy arrays
#   themselves; a branch on a pending numpy scalar forks instead of
#   forcing, and the paths merge with `np.where`;
# - `branch` and `__hipy_select__`: the protocol through which a user's class
#   of symbolic values receives staged branches;
# - `_explain_numpy`: what `hipy.explain` prints for an array or scalar.
# HIPY_STAGE=off turns staging off (numpy and pandas): everything runs as
# ordinary Python.

import os as _os

_STAGING = _os.environ.get("HIPY_STAGE", "on") not in ("off", "0")

# The last staged call's result and what staging did (for explain).
_last_staged = [None, None]


def _note(result, text):
    _last_staged[0] = result
    _last_staged[1] = text


class _NumpyExprs:
    """Builds lazy numpy nodes for `_Sym` expressions: elements are float64,
    int64 (within the bounds `_Sym` keeps) or bool."""

    guards = True

    def __init__(self, np):
        self.np = np

    def lit(self, v, kind):
        if kind == "f":
            return self.np.float64(v)
        if kind == "i":
            return self.np.int64(v)
        raise _NotStaged(f"a {_KIND_NAMES[kind]} constant in numpy code")

    def binary(self, op, a, b):
        if op == "+":
            return a + b
        if op == "-":
            return a - b
        if op == "*":
            return a * b
        if op == "/":
            return a / b
        if op == "**":
            if a.dtype != self.np.int64:
                # libm's pow and a multiplication may differ in the last bit.
                raise _NotStaged("a float power")
            return a ** b
        if op == "==":
            return a == b
        if op == "!=":
            return a != b
        if op == "<":
            return a < b
        if op == "<=":
            return a <= b
        if op == ">":
            return a > b
        if op == ">=":
            return a >= b
        raise _NotStaged(f"operator {op}")

    def unary(self, op, a):
        if op == "neg":
            return -a
        if op == "abs":
            return self.np.abs(a)
        raise _NotStaged(f"unary {op}")

    def cast_float(self, a):
        return a.astype(self.np.float64)

    def where(self, c, a, b):
        return self.np.where(c, a, b)

    def func(self, name, a):
        f = _np_attr(self.np, _NP_MATH.get(name, name))
        return None if f is None else f(a)

    def math_error(self, name, r, x):
        """Where Python's math.`name` raises for `r = name(x)` (None:
        nowhere): Python's rule is a nan from a non-nan, or an infinity
        from a finite argument; for most functions the argument alone says
        where the C library gives one (see _MATH_DOMAIN)."""
        np = self.np
        kind = _MATH_DOMAIN.get(name)
        if kind is None:
            return (np.isnan(r) & ~np.isnan(x)) | (np.isinf(r) & np.isfinite(x))
        if kind == "never":
            return None
        if kind == "overflow":
            return np.isinf(r) & np.isfinite(x)
        op, bound = kind
        return x < bound if op == "<" else x <= bound


# Where math functions raise, when it is simpler than the general rule:
# "never" (finite from finite, nan only from nan), "overflow" (an
# infinity from a finite argument, never a nan from a non-nan), or
# (op, bound): exactly where the argument is below the domain's bound.
_MATH_DOMAIN = {"fabs": "never", "atan": "never", "asinh": "never", "tanh": "never", "cbrt": "never",
                "exp": "overflow", "exp2": "overflow", "expm1": "overflow", "sinh": "overflow",
                "cosh": "overflow", "sqrt": ("<", 0.0), "log": ("<=", 0.0), "log2": ("<=", 0.0),
                "log10": ("<=", 0.0), "log1p": ("<=", -1.0)}

# math function -> the numpy ufunc computing it with the same libm call.
_NP_MATH = {"asin": "arcsin", "acos": "arccos", "atan": "arctan", "asinh": "arcsinh", "acosh": "arccosh",
            "atanh": "arctanh"}


def _element_sym(np, bk, a):
    """A `_Sym` for each element of array `a` (as np.vectorize passes it:
    a Python float, int or bool). Only float64, int64 and bool: NumPy's
    first call gets numpy scalars, whose arithmetic on narrower types gives
    narrower results, and those set the output dtype."""
    if a.dtype == np.float64:
        return _Sym(a, "f", bk=bk)
    if a.dtype == np.bool_:
        return _Sym(a, "b", bk=bk)
    if a.dtype == np.int64:
        if a.size == 0:
            raise _NotStaged("an empty int array")
        lo, hi = int(a.min()), int(a.max())
        return _Sym(a, "i", lo, hi, bk=bk)
    raise _NotStaged(f"elements of dtype {a.dtype}")


_KIND_DTYPES = {"f": "float64", "i": "int64", "b": "bool"}


def _guard_flag(np, paths, guards):
    """One lazy bool: whether any element meets a guard on its path. The
    guards merge along the paths' branches as the results do, so each is
    computed only where its path is taken (see lazy's fused loops)."""
    if not any(guards):
        return None

    def leaf(errs):
        total = False
        for e in errs:
            total = e if total is False else (total | e)
        return total

    tree = _merge([(conds, g) for (conds, _), g in zip(paths, guards)], leaf, lambda c, a, b: np.where(c.e, a, b))
    return np.any(tree)


def _stage_vectorize(func, arrays, otypes):
    """`np.vectorize(func)(*arrays)` as one lazy expression (computed
    here, with its guards), or _NotStaged."""
    import numpy as np
    _check_elementwise(func)
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays):
        # (numpy's broadcast helpers are Python, compiled when first used)
        shape = np.broadcast_shapes(*[a.shape for a in arrays])
    bk = _NumpyExprs(np)
    syms = [_element_sym(np, bk, np.broadcast_to(a, shape) if a.shape != shape else a) for a in arrays]
    paths, guards, mixed = _run_paths(_with_sym_globals(func), syms)
    if mixed:
        raise _NotStaged("min()/max() of an int and a float (the result's type varies per element)")
    kinds = sorted(set(_result_kind(r) for _, r in paths if r is not _CUT))
    if not kinds:
        raise _NotStaged(f"more than {_MAX_DECISIONS} branches on staged values on every path")
    if len(kinds) != 1 or kinds[0] == "s":
        raise _NotStaged(f"paths give results of types {', '.join(_KIND_NAMES[k] for k in kinds)}")
    kind = kinds[0]
    dt = np.dtype(_KIND_DTYPES[kind])
    if otypes is not None:
        want = np.dtype(otypes)
        if want != dt and not (kind == "b" and want.kind in "if") and not (kind == "i" and want == np.float64):
            raise _NotStaged(f"otypes {want} for {_KIND_NAMES[kind]} results")
        if kind == "i" and want == np.float64:
            for _, r in paths:
                if isinstance(r, _Sym) and max(abs(r.lo), abs(r.hi)) >= _EXACT_INT:
                    raise _NotStaged("int results beyond 2**53 as float64")
        dt = want

    def leaf(r):
        if isinstance(r, _Sym):
            return r.e
        return np.asarray(r, dtype=_KIND_DTYPES[kind])

    res = _merge(paths, leaf, lambda c, a, b: np.where(c.e, a, b))
    res = np.asarray(res)
    if res.dtype != dt:
        res = res.astype(dt)
    if res.shape != shape:
        res = np.broadcast_to(res, shape).copy()
    flag = _guard_flag(np, paths, guards)
    npaths = sum(r is not _CUT for _, r in paths)
    cut = npaths < len(paths)
    # Only the result and the flag are wanted: intermediate values no
    # longer referenced are not stored.
    del paths, guards, syms
    if flag is not None:
        evaluate(res, flag)
        if bool(flag):
            if cut:
                raise _NotStaged("an element where Python raises (division by zero or a math domain error), "
                                 f"or that takes more than {_MAX_DECISIONS} branches (a loop that runs longer)")
            raise _NotStaged("an element where Python raises (division by zero or a math domain error)")
    return res, npaths


# -- hipy.stage -------------------------------------------------------------

# Attributes (methods of arrays and functions of numpy and math) that
# compute from their arguments alone.
_PURE_NP_NAMES = frozenset((
    "sum", "mean", "min", "max", "prod", "std", "var", "any", "all", "argmin", "argmax", "cumsum", "cumprod",
    "astype", "reshape", "ravel", "flatten", "copy", "T", "shape", "ndim", "size", "dtype", "clip", "round",
    "transpose", "dot", "where", "abs", "absolute", "sqrt", "exp", "log", "log2", "log10", "log1p", "expm1",
    "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "minimum", "maximum", "fmin",
    "fmax", "add", "subtract", "multiply", "divide", "power", "square", "negative", "sign", "floor", "ceil",
    "trunc", "rint", "isnan", "isinf", "isfinite", "logical_and", "logical_or", "logical_not", "greater",
    "less", "equal", "not_equal", "greater_equal", "less_equal", "float64", "float32", "int64", "int32",
    "bool_", "zeros_like", "ones_like", "full_like", "hypot", "arctan2", "exp2", "cbrt", "real", "imag",
    "conj", "matmul", "outer", "concatenate", "stack", "hstack", "vstack", "linspace", "arange", "zeros",
    "ones", "full", "empty_like", "diff", "nansum", "nanmean", "nanmin", "nanmax", "average", "median",
    "percentile", "quantile", "sort", "argsort", "cumulative_sum", "item", "tolist",
))


def _np_globals_ok(name, v):
    import numpy as np
    if v is np or v is _math:
        return True
    if _user_staged(v) or (isinstance(v, type) and getattr(v, "__hipy_stage__", False) is True):
        return True  # the user's symbolic class vouches for its values
    if isinstance(v, (np.ndarray, np.generic)):
        return True  # read only: nothing staged code may do changes it
    vname = getattr(v, "__name__", None)
    if isinstance(vname, str) and _np_attr(np, vname) is v:
        return vname in _PURE_NP_NAMES
    if isinstance(v, _types.BuiltinFunctionType) and getattr(_math, getattr(v, "__name__", ""), None) is v:
        return v.__name__ in _PURE_MATH
    return _is_plain_value(v)


def _np_attr(np, name):
    """numpy's attribute `name`, or None (hipy's numpy raises
    NotImplementedError for NumPy names it does not have)."""
    try:
        return getattr(np, name, None)
    except NotImplementedError:
        return None


def _np_names_ok(name):
    # `sort` is also an in-place method of arrays: refused as an attribute.
    return (name in _PURE_NP_NAMES and name != "sort") or name in _PURE_MATH


def _staged_arg_ok(np, a):
    return isinstance(a, (np.ndarray, np.generic)) or _is_plain_value(a) or _user_staged(a)


# -- the user protocol ---------------------------------------------------------
#
# A class of symbolic values (a small DSL capturing Python code into its own
# IR) joins staging by:
# - `__hipy_stage__ = True`: its instances may be passed to staged functions
#   (the class vouches that its operators and methods only build values);
# - a `__bool__` returning `hipy.branch(self)`: in a staged function, an
#   `if`/`elif`/`and`/`or`/`not`/conditional expression on it forks the run
#   (True on one path, False on the next);
# - `__hipy_select__(self, if_true, if_false)`: merges what the two ways of a
#   branch on `self` gave (values, or tuples of them, already merged below);
# - `__hipy_while__(self, loop)` (optional): a `while` loop whose test gives
#   `self` is handed over whole, as a `hipy.Loop` (its variables, their
#   values, its test and body as functions of them; see stage_loops.py); the
#   hook returns the variables' values after the loop. `for` over `range()`
#   with a bound of the class comes here too, as a `while` on the counter;
# - `__hipy_for__(self, loop)` (optional): the same for `for x in self`.
# Without the hooks, or where the loop has `break`/`continue`/`return`/
# `else`, each loop test is a branch: the first run takes every one, and past
# 16 the function runs as plain Python (where `hipy.branch` raises TypeError).


def _user_staged(a):
    return getattr(type(a), "__hipy_stage__", False) is True


def branch(cond):
    """`__bool__` of a user's symbolic class (see above): in a staged
    function, the way this run takes at this branch; outside one, TypeError."""
    if not hasattr(type(cond), "__hipy_select__"):
        raise TypeError(f"hipy.branch of a {type(cond).__name__}, which has no __hipy_select__")
    if _tracer[0] is None:
        raise TypeError(f"hipy.branch({type(cond).__name__}) outside a staged function")
    return _decide(cond)


def _select(np, c, a, b):
    """The value of `a if c else b` with `c` a pending bool scalar, without
    forcing it, when it is exactly what the branch gives; else _NotStaged."""
    if a is b:
        return a
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        return tuple(_select(np, c, x, y) for x, y in zip(a, b))
    user = getattr(type(c), "__hipy_select__", None)
    if user is not None:
        return user(c, a, b)
    if isinstance(a, np.ndarray) and isinstance(b, np.ndarray):
        if a.dtype != b.dtype or a.shape != b.shape:
            raise _NotStaged(f"branches give arrays of different dtype or shape ({a.dtype}{list(a.shape)}, "
                             f"{b.dtype}{list(b.shape)})")
        return np.where(c, a, b)
    if isinstance(a, np.generic) and type(a) is type(b) and a.dtype.kind in "biuf":
        r = np.where(c, a, b)
        return r[()] if isinstance(r, np.ndarray) else r
    if type(a) is type(b) and _is_plain_value(a) and repr(a) == repr(b):
        return a
    raise _NotStaged(f"branches give different values ({type(a).__name__}, {type(b).__name__})")


class stage:
    """`@hipy.stage`: calls run the function staged over lazy numpy values.

    A branch (`if`, `elif`, `and`/`or`/`not`, a conditional expression) on
    a pending numpy scalar does not force it: each way is run and the
    results are merged with `np.where`, so the graph stays lazy until a
    value is observed. Staging applies when the code is known to be pure
    (see staging.py) and each branch gives an array of one dtype and shape
    (or the same numpy scalar type, or an equal constant); otherwise the
    function runs as ordinary Python, and `hipy.explain(f)` says why."""

    def __init__(self, func):
        self.func = func
        self.__wrapped__ = func
        self.__name__ = getattr(func, "__name__", "staged")
        self.__qualname__ = getattr(func, "__qualname__", self.__name__)
        self.__doc__ = getattr(func, "__doc__", None)
        self.note = "not called yet"

    def __call__(self, *args, **kwargs):
        if not _STAGING:
            self.note = f"{self.__name__}: not staged: staging is off (HIPY_STAGE=off)"
            return self.func(*args, **kwargs)
        try:
            result, npaths = self._staged(args, kwargs)
        except _NotStaged as e:
            self.note = f"{self.__name__}: not staged: {e}"
            result = self.func(*args, **kwargs)
            _note(result, self.note)
            return result
        loops = _loop_rt.captured
        self.note = (f"{self.__name__}: staged ({npaths} path{'s' if npaths != 1 else ''}"
                     + (f", {loops} loop{'s' if loops != 1 else ''} captured" if loops else "") + ")")
        _note(result, self.note)
        return result

    def _staged(self, args, kwargs):
        import numpy as np
        if kwargs:
            raise _NotStaged("keyword arguments")
        for a in args:
            if not _staged_arg_ok(np, a):
                raise _NotStaged(f"an argument of type {type(a).__name__}")
        names_ok = _np_names_ok
        if any(_user_staged(a) for a in args):
            # Names numpy and its arrays do not have are the user class's.
            def names_ok(name):
                return _np_names_ok(name) or not (_np_attr(np, name) is not None or hasattr(np.ndarray, name))
        _check_pure(self.func, names_ok, _np_globals_ok, False)

        def decide(cond):
            if cond.dtype != np.bool_:
                cond = cond != 0
            return _decide(cond)

        func = self.func
        if any(_user_staged(a) for a in args):
            func = _with_loops(func)
        _loop_rt.captured = 0
        paths, _, _ = _run_paths(func, args, on_enter=lambda t: _set_branch_hook(decide),
                              on_exit=lambda: _set_branch_hook(None))
        return _merge(paths, lambda r: r, lambda c, a, b: _select(np, c, a, b)), len(paths)

    def _hipy_explain(self):
        return self.note


def _explain_numpy(obj):
    plan = _numpy_plan(obj)
    if plan:
        text = "numpy plan (pending):\n" + plan.rstrip("\n")
    else:
        text = "numpy value: computed (nothing pending)"
    if _last_staged[0] is obj and _last_staged[1]:
        text += "\nstaging: " + _last_staged[1]
    return text
