#!/usr/bin/env python3
"""Record the expected output of every pandas test program from CPython
with real pandas 3.x.

    python3 tests/pandas/record.py [--venv DIR] [NAME_SUBSTRING ...]

The venv (default: tests/pandas/.venv, or $PANDAS_VENV) is created with
`python3 -m venv` and `pip install "pandas>=3,<4" pyarrow` when it does not
exist. See tests/support/record_library.py for what is written.
Some outputs (the order of tied values in sorts) depend on the CPU NumPy
runs on: record on x86-64 with AVX-512, as the committed outputs were.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(HERE, "..", "support"))
import record_library  # noqa: E402

if __name__ == "__main__":
    record_library.main(HERE, __doc__, "PANDAS_VENV", ["pandas>=3,<4", "pyarrow"], ["pandas", "numpy"], 3)
