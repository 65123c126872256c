"""Coverage of NumPy's public API by hipy's numpy.

    hipy run tests/numpy/coverage.py [--missing]

Compares hipy's namespaces with the public names of NumPy 2.x recorded in
stdlib-shims/src/numpy/data/numpy_public_names.json by record_public_names.py
(names in dir() not starting with '_'; numpy.testing: its assert_* helpers). A name counts as present when
getattr finds it (hipy raises NotImplementedError for the names it lacks).
The names in NOT_COUNTED are left out of every namespace's count, and the
output says why.
"""
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
    obj = np
    for part in path.split(".")[1:]:
        if not present(obj, part):
            return None
        obj = getattr(obj, part)
    return obj


def main():
    with open(os.path.join(HERE, "..", "..", "stdlib-shims", "src", "numpy", "data", "numpy_public_names.json")) as f:
        data = json.load(f)
    show_missing = "--missing" in sys.argv
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


main()
