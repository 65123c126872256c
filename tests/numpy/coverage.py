"""Coverage of NumPy's public API by hipy's numpy.

    hipy run tests/numpy/coverage.py [--missing] [--untested]

Compares hipy's namespaces with the public names of NumPy 2.x recorded in
stdlib-shims/src/numpy/data/numpy_public_names.json by record_public_names.py
(names in dir() not starting with '_'; numpy.testing: its assert_* helpers). A name counts as present when
getattr finds it (hipy raises NotImplementedError for the names it lacks).
The names in NOT_COUNTED are left out of every namespace's count, and the
output says why.

--untested lists, per namespace, the counted names that hipy has but that no
program in programs/ names (read from their source: `np.NAME`,
`np.linalg.NAME`, `from numpy import NAME`; for ndarray and Generator
methods, any `.NAME`). The
numpy test (../numpy.rs) runs every program in lazy, default and eager
modes against its output recorded from NumPy, so a name not listed there
has a recorded-output test in those modes.
"""
import ast
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))

# Names that are not API, with the reason printed in the output.
NOT_COUNTED = {
    "test": "NumPy's PytestTester: runs NumPy's own test suite under pytest (a test-runner entry point, not API)",
}


def present(obj, name):
    try:
        getattr(obj, name)
        return True
    except (AttributeError, NotImplementedError):
        return False


def namespace(path):
    if path == "ndarray":
        return np.ndarray
    if path == "numpy.random.Generator":
        return np.random.default_rng(0)
    obj = np
    for part in path.split(".")[1:]:
        if not present(obj, part):
            return None
        obj = getattr(obj, part)
    return obj


def dotted(node):
    """'np.linalg' for the expression np.linalg, None if it is not a dotted name."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def used_names():
    """{namespace: names the corpus programs use}, from their source."""
    used = {}
    attrs = set()
    programs = os.path.join(HERE, "programs")
    for fname in sorted(os.listdir(programs)):
        if not fname.endswith(".py"):
            continue
        with open(os.path.join(programs, fname)) as f:
            tree = ast.parse(f.read(), fname)
        aliases = {"np": "numpy", "numpy": "numpy"}
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith("numpy"):
                        aliases[a.asname or a.name] = a.name
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("numpy"):
                for a in node.names:
                    used.setdefault(node.module, set()).add(a.name)
                    aliases[a.asname or a.name] = node.module + "." + a.name
            elif (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                  and (dotted(node.value) or "").split(".")[0] in ("np", "numpy")):
                # LA = np.linalg
                head, _, rest = dotted(node.value).partition(".")
                aliases[node.targets[0].id] = "numpy" + ("." + rest if rest else "")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute):
                attrs.add(node.attr)
                base = dotted(node.value)
                if base is None:
                    continue
                head, _, rest = base.partition(".")
                if head in aliases:
                    full = aliases[head] + ("." + rest if rest else "")
                    used.setdefault(full, set()).add(node.attr)
    used["ndarray"] = attrs
    used["numpy.random.Generator"] = attrs
    return used


def main():
    with open(os.path.join(HERE, "..", "..", "stdlib-shims", "src", "numpy", "data", "numpy_public_names.json")) as f:
        data = json.load(f)
    show_missing = "--missing" in sys.argv
    used = used_names() if "--untested" in sys.argv else None
    print("NumPy %s public names" % data["numpy_version"])
    for name, why in NOT_COUNTED.items():
        print("not counted: %s (%s)" % (name, why))
    for path, names in data["namespaces"].items():
        names = [n for n in names if n not in NOT_COUNTED]
        obj = namespace(path)
        have = [n for n in names if obj is not None and present(obj, n)]
        missing = [n for n in names if n not in have]
        pct = 100.0 * len(have) / len(names) if names else 100.0
        print("%-14s %4d / %4d  %5.1f%%" % (path, len(have), len(names), pct))
        if show_missing and missing:
            print("  missing:", " ".join(missing))
        if used is not None:
            untested = [n for n in have if n not in used.get(path, ())]
            print("  untested: %d%s" % (len(untested), (" (" + " ".join(untested) + ")") if untested else ""))


main()
