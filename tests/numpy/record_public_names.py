"""Records NumPy 2.x's public names for hipy's numpy.

    /work/venv-np/bin/python tests/numpy/record_public_names.py

Writes stdlib-shims/src/numpy/data/numpy_public_names.json: per namespace,
the names in dir() not starting with '_' (numpy.testing: its assert_*
helpers), and the names NumPy 2.0 removed from `numpy` with the advice its
AttributeError gives. hipy compiles the file in: a name NumPy has but hipy
lacks raises NotImplementedError, any other missing name AttributeError
with NumPy's message. tests/numpy/coverage.py reads the same file.
"""
import json
import os

import numpy as np
import numpy.fft
import numpy.linalg
import numpy.random
import numpy.testing

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "stdlib-shims", "src", "numpy",
                   "data", "numpy_public_names.json")


def public(obj):
    return sorted(n for n in dir(obj) if not n.startswith("_"))


def main():
    namespaces = {
        "numpy": public(np),
        "ndarray": public(np.ndarray),
        "numpy.linalg": public(np.linalg),
        "numpy.fft": public(np.fft),
        "numpy.random": public(np.random),
        "numpy.random.Generator": public(np.random.Generator),
        "numpy.testing": [n for n in public(np.testing) if n.startswith("assert")],
    }
    expired = dict(sorted(np._expired_attrs_2_0.__expired_attributes__.items()))
    data = {"numpy_version": np.__version__, "namespaces": namespaces, "expired": expired}
    with open(OUT, "w") as f:
        json.dump(data, f, indent=0)
        f.write("\n")


main()
