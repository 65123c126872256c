# The symbolic expression builder of examples/stage_dsl.py captures these
# functions under hipy (their ifs as selects, their while/for loops as loop
# nodes, through hipy's staging protocol) and evaluates what it captured;
# under CPython the functions just run. The output must be the same.
import importlib.util
import os

_path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples", "stage_dsl.py")
_spec = importlib.util.spec_from_file_location("stage_dsl", _path)
dsl = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(dsl)
stage = dsl.stage
# The example's own functions, and more below.
countdown, collatz, power = dsl.countdown, dsl.collatz, dsl.power
positives, triangle = dsl.positives, dsl.triangle


def check(f, params, cases, seqs=()):
    ir = dsl.capture(f, *[dsl.seq(p) if p in seqs else p for p in params])
    for args in cases:
        try:
            if ir is None:
                r = f(*args)
            else:
                r = dsl.evaluate(ir, dict(zip(params, args)))
            print(f.__name__, args, "->", repr(r))
        except Exception as e:
            print(f.__name__, args, "->", type(e).__name__ + ":", e)


@stage
def stepped(a, b):
    # range with a start, a stop and a negative step, the bound staged
    total = 0
    for i in range(b, a, -2):
        total = total + i * i
    return total, i


@stage
def spread(ts):
    # a loop over a sequence holding a loop over a staged range
    acc = 0
    for t in ts:
        for i in range(t):
            acc = acc + i
    return acc


@stage
def halve(x, limit):
    # a test with `and`, and a temporary assigned in the body
    n = 0
    while x > 1 and n < limit:
        half = x / 2
        if half > 10:
            x = half - 1
        elif half > 3:
            x = half
        else:
            x = half * 0.5
        n = n + 1
    return x, n


@stage
def last(ts):
    for t in ts:
        pass
    return t


def gcd(a, b):
    while b != 0:
        a, b = b, a % b
    return a


@stage
def lcm(a, b):
    return a * b // gcd(a, b)


@stage
def harmonic(n):
    s = 0.0
    for i in range(n):
        s = s + 1 / (n - i - 1)
    return s


@stage
def signed_steps(x):
    # loops inside the two ways of an if
    n = 0
    if x > 0:
        while x > 0:
            x = x - 2
            n = n + 1
    else:
        for i in range(-x):
            n = n - 1
    return n


@stage
def scaled(x):
    # a loop over constants is no loop node: it runs, building the expression
    for c in (1, 2, 3):
        x = x * c + 1
    if x > 20:
        return x - 20
    return x


check(countdown, ["x"], [(-2,), (0,), (3,), (7.5,)])
check(collatz, ["n"], [(1,), (6,), (7,), (27,)])
check(power, ["x", "k"], [(2, 0), (2, 10), (-1.5, 3), (3, -1)])
check(stepped, ["a", "b"], [(0, 9), (3, 10), (5, 5)])
check(positives, ["ts", "limit"], [([], 5), ([1, -2, 3, 4], 3), ([2.5, 2.5, -1, 9], 100)], seqs=("ts",))
check(triangle, ["n"], [(n,) for n in range(7)])
check(spread, ["ts"], [([],), ([3, 0, 4],), ([1, 1, 5],)], seqs=("ts",))
check(halve, ["x", "limit"], [(100.0, 10), (100.0, 2), (7, 5), (1, 3)])
check(last, ["ts"], [([4, 5],), ([],)], seqs=("ts",))
check(lcm, ["a", "b"], [(4, 6), (21, 6), (5, 0)])
check(harmonic, ["n"], [(0,), (1,), (3,)])
check(signed_steps, ["x"], [(-3,), (0,), (5,), (6,)])
check(scaled, ["x"], [(0,), (1,), (2,)])
