"""A symbolic expression builder that captures Python control flow through
hipy's staging protocol (README, "Staging"): a `hipy.stage` function called
with `Expr` values returns one expression, its `if`s as `select` nodes and
its `while`/`for` loops as loop nodes; `evaluate` runs the expression.

    hipy run examples/stage_dsl.py

Under CPython (no `hipy`), `stage` leaves functions as they are and
`capture` returns None: tests/corpus/stage_dsl_loops.py compares evaluating
what hipy captured with running the functions under CPython.
"""
import operator

try:
    import hipy
except ImportError:
    hipy = None

UNBOUND = getattr(hipy, "UNBOUND", None)


class Expr:
    __hipy_stage__ = True  # its operators only build expressions

    def __init__(self, op, *args):
        self.op = op
        self.args = args

    def __bool__(self):
        raise TypeError("an Expr has no truth value; compare it")

    def __neg__(self):
        return Expr("neg", self)

    def __repr__(self):
        return show(self)


_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
          "//": operator.floordiv, "%": operator.mod, "**": operator.pow}
_CMP = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
        "==": operator.eq, "!=": operator.ne}


def _install():
    for dunder, sym in (("add", "+"), ("sub", "-"), ("mul", "*"), ("truediv", "/"),
                        ("floordiv", "//"), ("mod", "%"), ("pow", "**")):
        setattr(Expr, f"__{dunder}__", lambda self, other, sym=sym: Expr(sym, self, lift(other)))
        setattr(Expr, f"__r{dunder}__", lambda self, other, sym=sym: Expr(sym, lift(other), self))
    for dunder, sym in (("lt", "<"), ("le", "<="), ("gt", ">"), ("ge", ">="), ("eq", "=="), ("ne", "!=")):
        setattr(Expr, f"__{dunder}__", lambda self, other, sym=sym: Cond(sym, self, lift(other)))
    Expr.__hash__ = object.__hash__


_install()


class Cond(Expr):
    """A comparison (or a select of comparisons): a staged `if` on it forks,
    a staged `while` on it becomes a loop node."""

    def __bool__(self):
        return hipy.branch(self)

    def __hipy_select__(self, if_true, if_false):
        a, b = lift(if_true), lift(if_false)
        kind = Cond if isinstance(a, Cond) and isinstance(b, Cond) else Expr
        return kind("select", self, a, b)

    def __hipy_while__(self, loop):
        k, params = _placeholders(loop)
        test = lift(loop.test(*params))
        step = loop.body(*params)
        return _outputs(LoopNode("while", k, params, loop.values, step, test=test))


class Seq(Expr):
    """A symbolic sequence: a staged `for x in seq` becomes a loop node."""

    def __hipy_for__(self, loop):
        k, params = _placeholders(loop)
        item = Expr("var", f"item_{k}", "item")
        step = loop.body(item, *params)
        return _outputs(LoopNode("for", k, params, loop.values, step, seq=self, item=item))


class LoopNode:
    """A captured loop: its variables (`params`, placeholders), their values
    when it starts (`inits`), its test (`while`) or sequence and item
    placeholder (`for`), and their values after one run of the body."""

    def __init__(self, kind, k, params, values, step, test=None, seq=None, item=None):
        self.kind = kind
        self.k = k
        self.params = params
        self.inits = tuple(lift(v) for v in values)
        self.step = tuple(lift(v) for v in step)
        self.test = test
        self.seq = seq
        self.item = item


_numbering = [0]


def _placeholders(loop):
    _numbering[0] += 1
    k = _numbering[0]
    return k, tuple(Expr("var", f"{name}_{k}", name) for name in loop.names)


def _outputs(node):
    return tuple(Expr("out", node, i) for i in range(len(node.params)))


def var(name):
    return Expr("var", name, name)


def seq(name):
    return Seq("var", name, name)


def lift(v):
    if isinstance(v, Expr):
        return v
    if v is UNBOUND and UNBOUND is not None:
        return Expr("unbound")
    if isinstance(v, tuple):
        return tuple(lift(x) for x in v)
    return Expr("const", v)


def stage(f):
    return hipy.stage(f) if hipy is not None else f


def capture(f, *args):
    """What the staged `f` returns for `args` (expressions; a str is the
    variable of that name): an expression (or a tuple of them); None under
    CPython, where nothing is captured."""
    if hipy is None:
        return None
    _numbering[0] = 0
    return lift(f(*[var(a) if isinstance(a, str) else a for a in args]))


# -- evaluation --------------------------------------------------------------

class _Unset:
    """A variable's value where it is not bound yet."""

    def __init__(self, name):
        self.name = name

    def error(self):
        return UnboundLocalError(f"cannot access local variable '{self.name}' where it is not associated with a value")


def evaluate(e, env):
    """The value of expression `e` (or a tuple of them) with the variables
    bound by `env`, computed as Python would: a select evaluates one way,
    a loop runs while its test holds."""
    v = _Eval(env).value(e)
    if isinstance(v, _Unset):
        raise v.error()
    return v


class _Eval:
    def __init__(self, env):
        self.env = env
        self.loops = {}

    def value(self, e):
        """`e`'s value, or an _Unset for a variable not bound."""
        if isinstance(e, tuple):
            return tuple(self.get(x) for x in e)
        op, args = e.op, e.args
        if op == "var":
            return self.env[args[0]] if args[0] in self.env else _Unset(args[1])
        if op == "const":
            return args[0]
        if op == "unbound":
            return _Unset("?")
        if op == "select":
            return self.value(args[1] if self.get(args[0]) else args[2])
        if op == "out":
            return self.run(args[0])[args[1]]
        if op == "neg":
            return -self.get(args[0])
        fn = _ARITH.get(op) or _CMP[op]
        return fn(self.get(args[0]), self.get(args[1]))

    def get(self, e):
        v = self.value(e)
        if isinstance(v, _Unset):
            raise v.error()
        return v

    def run(self, node):
        if id(node) in self.loops:
            return self.loops[id(node)]

        def bind(values):
            # A variable not bound keeps its own name for the error.
            env = dict(self.env)
            for p, v in zip(node.params, values):
                env[p.args[0]] = _Unset(p.args[1]) if isinstance(v, _Unset) else v
            return env

        state = [self.value(i) for i in node.inits]
        if node.kind == "while":
            while True:
                inner = _Eval(bind(state))
                if not inner.get(node.test):
                    break
                state = [inner.value(s) for s in node.step]
        else:
            for item in self.get(node.seq):
                env = bind(state)
                env[node.item.args[0]] = item
                inner = _Eval(env)
                state = [inner.value(s) for s in node.step]
        state = [_Unset(p.args[1]) if isinstance(v, _Unset) else v for p, v in zip(node.params, state)]
        self.loops[id(node)] = state
        return state


# -- printing ----------------------------------------------------------------

def show(e):
    """`e` as text: the loops it reads first, one a line (`loopK = ...`,
    inner loops before the loops that hold them), then `e`."""
    loops = []
    text = _fmt(e, loops)
    return "\n".join([_fmt_loop(n) for n in loops] + [text])


def _fmt(e, loops):
    if isinstance(e, tuple):
        return "(" + ", ".join(_fmt(x, loops) for x in e) + ("," if len(e) == 1 else "") + ")"
    op, args = e.op, e.args
    if op == "var":
        return args[0]
    if op == "const":
        return repr(args[0])
    if op == "unbound":
        return "unbound"
    if op == "select":
        return f"select({_fmt(args[0], loops)}, {_fmt(args[1], loops)}, {_fmt(args[2], loops)})"
    if op == "out":
        node = args[0]
        if node not in loops:
            for x in node.inits + node.step + tuple(x for x in (node.seq, node.test) if x is not None):
                _fmt(x, loops)
            loops.append(node)
        return f"loop{node.k}.{node.params[args[1]].args[1]}"
    if op == "neg":
        return f"-{_fmt(args[0], loops)}"
    return f"({_fmt(args[0], loops)} {op} {_fmt(args[1], loops)})"


def _fmt_loop(node):
    head = (f"while {_fmt(node.test, [])}" if node.kind == "while"
            else f"for {node.item.args[0]} in {_fmt(node.seq, [])}")
    return (f"loop{node.k} = {head} from ({', '.join(p.args[0] for p in node.params)})"
            f" = ({', '.join(_fmt(i, []) for i in node.inits)})"
            f" step ({', '.join(_fmt(s, []) for s in node.step)})")


# -- the demo ----------------------------------------------------------------

@stage
def leaky(x, k):
    if x > 0:
        y = x * k
    else:
        y = x * 0.01
    return y + 1


@stage
def clamp(x, lo, hi):
    if x < lo:
        return lo
    elif x > hi:
        return hi
    return x


@stage
def order(x, y):
    if x < y and y < 10:
        return x, y
    return y, x


@stage
def countdown(x):
    n = 0
    while x > 0:
        x = x - 1
        n = n + 1
    return n


@stage
def collatz(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps = steps + 1
    return steps


@stage
def power(x, k):
    r = 1
    for i in range(k):
        r = r * x
    return r


@stage
def positives(ts, limit):
    total = 0
    for t in ts:
        if t > 0 and total < limit:
            total = total + t
    return total


@stage
def triangle(n):
    s = 0
    for i in range(n):
        j = 0
        while j < i:
            s = s + j
            j = j + 1
    return s


@stage
def search(x):
    # `break`: the loop is no loop node; each test is a branch, and past 16
    # the function runs as plain Python, where an Expr has no truth value.
    n = 0
    while x > 0:
        if x < 3:
            break
        x = x - 3
        n = n + 1
    return n


if __name__ == "__main__":
    print(capture(leaky, "x", "k"))
    print(capture(clamp, "x", "lo", "hi"))
    print(capture(order, "a", "b"))
    hipy.explain(order)
    print(capture(countdown, "x"))
    hipy.explain(countdown)
    print(capture(collatz, "n"))
    print(capture(power, "x", "k"))
    print(capture(positives, seq("ts"), "limit"))
    print(capture(triangle, "n"))
    hipy.explain(triangle)
    ir = capture(triangle, "n")
    print([evaluate(ir, {"n": n}) for n in range(6)], [triangle(n) for n in range(6)])
    ir = capture(collatz, "n")
    print([evaluate(ir, {"n": n}) for n in (1, 6, 27)], [collatz(n) for n in (1, 6, 27)])
    try:
        capture(search, "x")
    except TypeError as e:
        print("TypeError:", e)
    hipy.explain(search)
    print(clamp(5, 0, 3), leaky(2, 3), countdown(2.5), search(10))
