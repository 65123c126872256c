# Staged loops for a user's symbolic class (the `__hipy_while__` and
# `__hipy_for__` hooks of the user protocol, see stage_numpy.py and the
# README's "Staging"). Snek hands a loop to the value it runs on as two
# functions, the test and the body; this does the same by rewriting the
# function's source once (cached per code object):
#
#     while TEST:            __hipy_t1 = lambda: TEST         (a def)
#         BODY        ->     def __hipy_b1(): nonlocal x, n; BODY
#                            __hipy_rt.while_(__hipy_t1, __hipy_b1, get, set, ("x", "n"))
#
# `x`, `n` (the names the loop assigns) become cells of the function, so
# `get`/`set` (two more generated defs) read and write them: the loop's
# variables can be bound to the class's placeholders while its test and
# body are captured, and to the loop's results after it. At run time
# `while_` evaluates the test once: a value of a class with `__hipy_while__`
# receives the loop (a `Loop`); anything else runs the loop as written.
# `for T in ITER` goes to `__hipy_for__` of ITER's class the same way, and
# `for T in range(...)` with a symbolic bound becomes the `while` loop
# `i < stop` over a hidden counter. Loops with `break`, `continue`,
# `return` or `else`, and `while` tests
# assigning a name (`:=`), are left as written (a test on a symbolic value there
# is a branch, as in `if`). Functions the staged function calls get the
# same rewrite.

import types as _types


class _Unbound:
    """The value of a loop variable not bound when the loop starts."""

    __slots__ = ()

    def __repr__(self):
        return "hipy.UNBOUND"


UNBOUND = _Unbound()


class Loop:
    """A loop handed to a user class's `__hipy_while__(cond, loop)` or
    `__hipy_for__(iterable, loop)`:
    - `kind`: "while" or "for";
    - `names`: the loop's variables (the names it assigns, a `for`'s
      target first), `values`: theirs when the loop starts (UNBOUND for one
      not bound yet);
    - `test(*values)`: a `while`'s test with the variables bound to
      `values` (None for a `for`);
    - `body(*values)` (`while`) or `body(item, *values)` (`for`): the
      variables' values after one run of the body from `values`;
    test and body run staged: their branches on symbolic values fork and
    merge with `__hipy_select__`. The hook returns the variables' values
    after the loop, a tuple as long as `names`."""

    def __init__(self, kind, names, values, test, body):
        self.kind = kind
        self.names = names
        self.values = values
        self._test = test
        self._body = body
        self.test = self._staged_test if test is not None else None

    def _staged_test(self, *values):
        self._check(values)
        return _staged_part(self._test, values)

    def body(self, *args):
        values = args[1:] if self.kind == "for" else args
        self._check(values)
        return _staged_part(self._body, args)

    def _check(self, values):
        if len(values) != len(self.names):
            raise TypeError(f"the loop has {len(self.names)} variables {self.names}, not {len(values)}")

    def __repr__(self):
        return f"<hipy.Loop {self.kind} over {', '.join(self.names) or 'no variables'}>"


def _staged_part(fn, args):
    """`fn(*args)` run staged inside a staged run: its own paths, merged
    with `__hipy_select__`; the enclosing run's path is left as it was."""
    import numpy as np
    saved = _tracer[0]
    try:
        paths, _, _ = _run_paths(fn, args)
    finally:
        _tracer[0] = saved
    return _merge(paths, lambda r: r, lambda c, a, b: _select(np, c, a, b))


def _hook_result(out, names, cls, hook):
    if not isinstance(out, tuple) or len(out) != len(names):
        raise _NotStaged(f"{cls.__name__}.{hook} returned {type(out).__name__}, not a tuple of {len(names)} values")
    return out


class _LoopRuntime:
    """What rewritten code calls (as `__hipy_rt`)."""

    def __init__(self):
        # Loops handed to a user class in the current staged call.
        self.captured = 0

    def while_(self, test, body, get, set_, names):
        # (Staged as a part: `while x > 0 and n < k` gives one merged test,
        # not a fork of the whole run at the `and`.)
        c = _staged_part(test, ()) if _tracer[0] is not None else test()
        hook = getattr(type(c), "__hipy_while__", None)
        if hook is None or not _user_staged(c) or _tracer[0] is None:
            while c:
                body()
                c = test()
            return

        def test_at(*values):
            set_(values)
            return test()

        def body_at(*values):
            set_(values)
            body()
            return get()

        out = hook(c, Loop("while", names, get(), test_at, body_at))
        set_(_hook_result(out, names, type(c), "__hipy_while__"))
        self.captured += 1

    def for_(self, iterable, body, get, set_, names):
        hook = getattr(type(iterable), "__hipy_for__", None)
        if hook is None or not _user_staged(iterable) or _tracer[0] is None:
            for item in iterable:
                body(item)
            return

        def body_at(item, *values):
            set_(values)
            body(item)
            return get()

        out = hook(iterable, Loop("for", names, get(), None, body_at))
        set_(_hook_result(out, names, type(iterable), "__hipy_for__"))
        self.captured += 1

    def for_range(self, rng, args, body, get, set_, names):
        """`for T in range(*args)`: with a bound of a user's class, the
        `while` loop `i < stop` (`i > stop` for a negative step) over a
        hidden counter `i` (the last of the loop's names), T = i first in
        each run of the body."""
        if rng is not range or not any(_user_staged(a) for a in args) or _tracer[0] is None:
            for item in rng(*args):
                body(item)
            return
        if not 1 <= len(args) <= 3:
            raise _NotStaged(f"range() with {len(args)} arguments")
        start, stop, step = _range_parts(args)
        if not isinstance(step, int) or isinstance(step, bool) or step == 0:
            raise _NotStaged("range() whose step is not a non-zero int")
        box = [start]

        def test():
            return box[0] < stop if step > 0 else box[0] > stop

        def run_body():
            i = box[0]
            box[0] = i + step
            body(i)

        def get2():
            return get() + (box[0],)

        def set2(values):
            set_(values[:-1])
            box[0] = values[-1]

        self.while_(test, run_body, get2, set2, names + ("<counter>",))


_loop_rt = _LoopRuntime()


# -- the rewrite ----------------------------------------------------------

# code object -> the factory's code (see _rewrite), or None: nothing to
# rewrite (no loop that can be, or no source).
_rewritten = {}


def _with_loops(func, memo=None):
    """`func` with the loops in it and in the Python functions it calls
    rewritten (see above), or `func` itself when nothing changes."""
    if memo is None:
        memo = {}
    if id(func) in memo:
        return memo[id(func)] or func
    memo[id(func)] = None
    code = func.__code__
    if code not in _rewritten:
        try:
            _rewritten[code] = _rewrite(func)
        except (SyntaxError, OSError, TypeError, ValueError):
            # Source that does not parse alone (its loops stay as written).
            _rewritten[code] = None
    factory = _rewritten[code]
    g = func.__globals__
    callees = {}
    for name in code.co_names:
        v = g.get(name)
        if isinstance(v, _types.FunctionType) and v is not func:
            w = _with_loops(v, memo)
            if w is not v:
                callees[name] = w
    if factory is None and not callees:
        return func
    if callees:
        g = dict(g)
        g.update(callees)
    if factory is None:
        new = _types.FunctionType(code, g, func.__name__, func.__defaults__, func.__closure__)
    else:
        cells = tuple(c.cell_contents for c in (func.__closure__ or ()))
        new = _types.FunctionType(factory, g)(_loop_rt, UNBOUND, *cells)
        new.__defaults__ = func.__defaults__
    memo[id(func)] = new
    return new


def _rewrite(func):
    """The code of a factory `(__hipy_rt, __hipy_UNBOUND, *free variables)
    -> func rewritten`, or None."""
    import ast
    import inspect
    import textwrap
    code = func.__code__
    if code.co_name == "<lambda>":
        return None
    try:
        lines, first = inspect.getsourcelines(func)
    except (OSError, TypeError):
        return None
    tree = ast.parse(textwrap.dedent("".join(lines)))
    fdef = tree.body[0] if tree.body else None
    if not isinstance(fdef, ast.FunctionDef) or fdef.name != code.co_name:
        return None
    ast.increment_lineno(tree, first - 1)
    fdef.decorator_list = []
    params = set(code.co_varnames[: code.co_argcount + code.co_kwonlyargcount
                                  + bool(code.co_flags & 4) + bool(code.co_flags & 8)])
    rw = _Rewriter(ast, set(code.co_varnames))
    fdef.body = rw.block(fdef.body)
    if not rw.count:
        return None
    # Names only loops assign are assigned there in nested defs now: a dead
    # store keeps each a local (a cell) of the function.
    dead = sorted(rw.carried - params)
    if dead:
        stub = ast.parse("if False:\n" + "".join(f"    {n} = None\n" for n in dead)).body
        fdef.body = _at(ast, stub, fdef.body[0]) + fdef.body
    free = ", ".join(code.co_freevars)
    wrapper = ast.parse(f"def __hipy_factory(__hipy_rt, __hipy_UNBOUND{', ' if free else ''}{free}):\n"
                        f"    return {fdef.name}\n")
    _at(ast, wrapper.body, fdef)
    wrapper.body[0].body.insert(0, fdef)
    ast.fix_missing_locations(wrapper)
    module = compile(wrapper, code.co_filename, "exec")
    for c in module.co_consts:
        if isinstance(c, _types.CodeType) and c.co_name == "__hipy_factory":
            return c
    return None


def _at(ast, nodes, ref):
    """`nodes` (generated) placed at `ref`'s line."""
    for n in nodes:
        for m in ast.walk(n):
            if "lineno" in m._attributes:
                m.lineno = m.end_lineno = ref.lineno
                m.col_offset = m.end_col_offset = ref.col_offset
    return nodes


class _Rewriter:
    """Rewrites the loops of one function body (`locals_`: its local
    names); `carried` collects the names loops assign."""

    def __init__(self, ast, locals_):
        self.ast = ast
        self.locals = locals_
        self.count = 0
        self.carried = set()

    def block(self, stmts):
        out = []
        for s in stmts:
            out.extend(self.stmt(s))
        return out

    def stmt(self, s):
        ast = self.ast
        if isinstance(s, (ast.While, ast.For)) and self._can_rewrite(s):
            return self.loop(s)
        for field in ("body", "orelse", "finalbody"):
            if isinstance(getattr(s, field, None), list) and not isinstance(s, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                setattr(s, field, self.block(getattr(s, field)))
        return [s]

    def _can_rewrite(self, loop):
        ast = self.ast
        if loop.orelse or isinstance(loop, ast.AsyncFor):
            return False
        if isinstance(loop, ast.For) and not _simple_target(ast, loop.target):
            return False
        if isinstance(loop, ast.While) and any(isinstance(n, ast.NamedExpr) for n in ast.walk(loop.test)):
            # Python runs the test after the last body too: what it
            # assigns is no function of one run of the body.
            return False

        def exits(nodes, inner):
            # A `return`, or a `break`/`continue` of this loop (not of a
            # loop inside it).
            for n in nodes:
                if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                    continue
                if isinstance(n, ast.Return) or (not inner and isinstance(n, (ast.Break, ast.Continue))):
                    return True
                if isinstance(n, (ast.While, ast.For, ast.AsyncFor)):
                    if exits(n.body, True) or exits(n.orelse, inner):
                        return True
                elif exits(list(ast.iter_child_nodes(n)), inner):
                    return True
            return False

        return not exits(loop.body, False)

    def loop(self, loop):
        ast = self.ast
        self.count += 1
        k = self.count
        is_for = isinstance(loop, ast.For)
        names = []
        if is_for:
            _assigned(ast, loop.target, names)
        for s in loop.body:
            _assigned(ast, s, names)
        names = [n for n in names if n in self.locals]
        self.carried.update(names)
        body = self.block(loop.body)
        nl = f"    nonlocal {', '.join(names)}\n" if names else ""
        tup = "".join(f"{n!r}, " for n in names)
        src = (f"def __hipy_g{k}():\n{nl}" +
               "".join(f"    try:\n        __hipy_v{i} = {n}\n    except NameError:\n"
                       f"        __hipy_v{i} = __hipy_UNBOUND\n" for i, n in enumerate(names)) +
               f"    return ({''.join(f'__hipy_v{i}, ' for i in range(len(names)))})\n"
               f"def __hipy_s{k}(__hipy_vs):\n{nl}" +
               "".join(f"    if __hipy_vs[{i}] is __hipy_UNBOUND:\n        try:\n            del {n}\n"
                       f"        except NameError:\n            pass\n"
                       f"    else:\n        {n} = __hipy_vs[{i}]\n" for i, n in enumerate(names)) +
               "    pass\n")
        if is_for:
            src += f"def __hipy_b{k}(__hipy_item):\n{nl}    __hipy_target = __hipy_item\n"
        else:
            src += f"def __hipy_b{k}():\n{nl}    pass\n"
            src += f"def __hipy_t{k}():\n    return __hipy_test\n"
        iter_ = loop.iter if is_for else None
        rng = (is_for and isinstance(iter_, ast.Call) and isinstance(iter_.func, ast.Name)
               and iter_.func.id == "range" and not iter_.keywords
               and not any(isinstance(a, ast.Starred) for a in iter_.args))
        if not is_for:
            src += f"__hipy_rt.while_(__hipy_t{k}, __hipy_b{k}, __hipy_g{k}, __hipy_s{k}, ({tup}))\n"
        elif rng:
            src += f"__hipy_rt.for_range(range, __hipy_args, __hipy_b{k}, __hipy_g{k}, __hipy_s{k}, ({tup}))\n"
        else:
            src += f"__hipy_rt.for_(__hipy_iter, __hipy_b{k}, __hipy_g{k}, __hipy_s{k}, ({tup}))\n"
        gen = _at(ast, ast.parse(src).body, loop)
        bdef = gen[2]
        if is_for:
            bdef.body[-1].targets = [loop.target]
            bdef.body[-1:] = bdef.body[-1:] + body
        else:
            bdef.body[-1:] = body
            gen[3].body[-1].value = loop.test
        call = gen[-1].value
        if rng:
            call.args[1] = ast.Tuple(elts=list(iter_.args), ctx=ast.Load())
        elif is_for:
            call.args[0] = iter_
        return gen


def _simple_target(ast, t):
    if isinstance(t, ast.Name):
        return True
    if isinstance(t, (ast.Tuple, ast.List)):
        return all(_simple_target(ast, e) for e in t.elts)
    return False


def _assigned(ast, node, out):
    """Appends the names `node` binds (assignment targets, `for` targets,
    walrus), not looking into nested scopes, each once."""
    for n in _walk_scope(ast, node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)) and n.id not in out:
            out.append(n.id)


def _walk_scope(ast, node):
    todo = [node]
    while todo:
        n = todo.pop(0)
        yield n
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda,
                          ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) and n is not node:
            continue
        todo.extend(ast.iter_child_nodes(n))
