#!/usr/bin/env python3
"""Record the expected output of every numpy test program from CPython with
real NumPy 2.x.

    python3 tests/numpy/record.py [--venv DIR] [NAME_SUBSTRING ...]

The venv (default: tests/numpy/.venv, or $NUMPY_VENV) is created with
`python3 -m venv` and `pip install "numpy>=2,<3"` when it does not exist.
For programs/NAME.py this writes expected/NAME.out (stdout) and, when the
program exits with a non-zero status, expected/NAME.status. The test run
itself (tests/numpy.rs) only reads these files; it never needs NumPy.
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
        subprocess.run([python, "-m", "pip", "install", "--quiet", "numpy>=2,<3"], check=True)
    version = subprocess.run(
        [python, "-c", "import numpy, sys; print(numpy.__version__, sys.version.split()[0])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()
    if not version.startswith("2."):
        sys.exit(f"{python} has NumPy {version}; NumPy 2.x is required")
    return python, version


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", default=os.environ.get("NUMPY_VENV", os.path.join(HERE, ".venv")))
    ap.add_argument("names", nargs="*", help="only programs whose name contains one of these")
    args = ap.parse_args()
    python, version = ensure_venv(args.venv)
    os.makedirs(EXPECTED, exist_ok=True)
    names = sorted(f[:-3] for f in os.listdir(PROGRAMS) if f.endswith(".py"))
    if args.names:
        names = [n for n in names if any(s in n for s in args.names)]
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
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
    with open(os.path.join(EXPECTED, "VERSION"), "w") as f:
        f.write(f"numpy {version.split()[0]} python {version.split()[1]}\n")
    print(f"recorded {len(names)} programs with numpy {version}", file=sys.stderr)


if __name__ == "__main__":
    main()
