# Code that looks at the stack from inside a hot loop: the frames the JIT
# runs inline (inlined calls, peeled generators, functions entered from
# compiled code) must look as the interpreter's would: logging's funcName
# and lineno, sys._getframe, warnings' line, traceback.extract_stack and
# inspect.stack names, and the globals of a function from another namespace.
import inspect
import io
import logging
import sys
import traceback
import warnings

stream = io.StringIO()
logging.basicConfig(format="%(funcName)s:%(lineno)d %(message)s", stream=stream, level=logging.INFO)
log = logging.getLogger("frames")


def step(i):
    if i % 700 == 0:
        log.info("step %d", i)
    return i + 1


def run_logging(n):
    t = 0
    for i in range(n):
        t += step(i)
    return t


def caller_line():
    return sys._getframe(1).f_lineno


def lines_seen(n):
    seen = set()
    for i in range(n):
        if i % 3 == 0:
            seen.add(caller_line())
        else:
            seen.add(caller_line())
    return sorted(seen)


def names_here():
    return [fi.function for fi in inspect.stack()[:4]]


def stack_names():
    return [f.name for f in traceback.extract_stack(limit=4)]


def middle(i, out):
    if i % 500 == 0:
        out.append(names_here())
        out.append(stack_names())
    return i


def outer(i, out):
    return middle(i, out) + 1


def run_chains(n):
    out = []
    total = 0
    for i in range(n):
        total += outer(i, out)
    return total, out


def warn_old(i):
    if i % 400 == 0:
        warnings.warn("old %d" % i, DeprecationWarning, stacklevel=2)
    return i


def run_warnings(n):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        t = 0
        for i in range(n):
            t += warn_old(i)
    return t, sorted({(w.lineno, str(w.message).split()[0]) for w in caught}), len(caught)


def numbers(n):
    for i in range(n):
        if i % 600 == 0:
            log.info("gen %d from %s", i, sys._getframe(1).f_code.co_name)
        yield i


def run_generator(n):
    t = 0
    for x in numbers(n):
        t += x
    return t


def depth_report(node, depth):
    if node is None:
        return 0
    left, value, right = node
    if value % 97 == 0:
        log.info("value %d at depth %d below %s", value, depth, sys._getframe(1).f_code.co_name)
    return depth_report(left, depth + 1) + value + depth_report(right, depth + 1)


def build(lo, hi):
    if lo >= hi:
        return None
    mid = (lo + hi) // 2
    return (build(lo, mid), mid, build(mid + 1, hi))


def run_tree(rounds):
    tree = build(0, 300)
    t = 0
    for _ in range(rounds):
        t += depth_report(tree, 0)
    return t


ns = {"TAG": "other namespace", "sys": sys}
exec(
    "def tagged(i):\n"
    "    if i % 800 == 0:\n"
    "        return globals()['TAG'] + ' / ' + sys._getframe(0).f_globals['TAG']\n"
    "    return None\n",
    ns,
)
TAG = "main namespace"


def run_namespaces(n):
    seen = set()
    for i in range(n):
        r = ns["tagged"](i)
        if r is not None:
            seen.add(r)
    return sorted(seen)


print(run_logging(3000))
print(lines_seen(3000))
total, chains = run_chains(3000)
print(total)
for c in chains:
    print(c)
print(run_warnings(2000))
print(run_generator(3000))
print(run_tree(20))
print(run_namespaces(4000))
lines = stream.getvalue().splitlines()
print(len(lines))
for line in sorted(set(lines)):
    print(line)
