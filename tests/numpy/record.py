#!/usr/bin/env python3
"""Record the expected output of every numpy test program from CPython with
real NumPy 2.x.

    python3 tests/numpy/record.py [--venv DIR] [NAME_SUBSTRING ...]

The venv (default: tests/numpy/.venv, or $NUMPY_VENV) is created with
`python3 -m venv` and `pip install "numpy>=2,<3"` when it does not exist.
See tests/support/record_library.py for what is written.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "support"))
import record_library  # noqa: E402

if __name__ == "__main__":
    record_library.main(HERE, __doc__, "NUMPY_VENV", ["numpy>=2,<3"], ["numpy"], 2)
