#!/usr/bin/env python3
"""Record the expected output of every pandas test program from CPython
with real pandas 3.x.

    python3 tests/pandas/record.py [--venv DIR] [NAME_SUBSTRING ...]

The venv (default: tests/pandas/.venv, or $PANDAS_VENV) is created with
`python3 -m venv` and `pip install "pandas>=3,<4" pyarrow` when it does not
exist. For programs/NAME.py this writes expected/NAME.out (stdout) and,
when the program exits with a non-zero status, expected/NAME.status. The
test run (tests/pandas.rs) only reads these files; it never needs pandas.
Some outputs (the order of tied values in sorts) depend on the CPU NumPy
runs on: record on x86-64 with AVX-512, as the committed outputs were.
"""

import argparse
import os
import subprocess
import sys
import venv

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
EXPECTED = os.path.join(HERE, "expected")


def ensure_venv(path):
    python = os.path.join(path, "bin", "python")
    if not os.path.exists(python):
        print(f"creating venv {path}", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(path)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "pandas>=3,<4", "pyarrow"], check=True)
    version = subprocess.run(
        [python, "-c", "import pandas, numpy, sys; print(pandas.__version__, numpy.__version__, sys.version.split()[0])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    if not version.startswith("3."):
        sys.exit(f"{python} has pandas {version}; pandas 3.x is required")
    return python, version


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", default=os.environ.get("PANDAS_VENV", os.path.join(HERE, ".venv")))
    ap.add_argument("names", nargs="*", help="only programs whose name contains one of these")
    args = ap.parse_args()
    python, version = ensure_venv(args.venv)
    os.makedirs(EXPECTED, exist_ok=True)
    names = sorted(f[:-3] for f in os.listdir(PROGRAMS) if f.endswith(".py"))
    if args.names:
        names = [n for n in names if any(s in n for s in args.names)]
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    for name in names:
        run = subprocess.run(
            [python, name + ".py"], cwd=PROGRAMS, env=env, capture_output=True, timeout=300,
        )
        with open(os.path.join(EXPECTED, name + ".out"), "wb") as f:
            f.write(run.stdout)
        status_file = os.path.join(EXPECTED, name + ".status")
        if run.returncode != 0:
            with open(status_file, "w") as f:
                f.write(f"{run.returncode}\n")
            print(f"{name}: exit status {run.returncode}", file=sys.stderr)
            sys.stderr.write(run.stderr.decode(errors="replace")[-2000:])
        elif os.path.exists(status_file):
            os.remove(status_file)
    pd_v, np_v, py_v = version.split()
    with open(os.path.join(EXPECTED, "VERSION"), "w") as f:
        f.write(f"pandas {pd_v} numpy {np_v} python {py_v}\n")
    print(f"recorded {len(names)} programs with pandas {version}", file=sys.stderr)


if __name__ == "__main__":
    main()
