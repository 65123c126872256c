"""The shared part of tests/numpy/record.py and tests/pandas/record.py:
record the expected output of every program of a library corpus from
CPython with the real library, installed in a venv.

For programs/NAME.py this writes expected/NAME.out (stdout) and, when the
program exits with a non-zero status, expected/NAME.status, and the
versions used in expected/VERSION. The test run (tests/<lib>.rs) only
reads these files; it never needs the library.
"""

import argparse
import os
import subprocess
import sys
import venv


def ensure_venv(path, requirements, modules, major):
    """The venv's python (created with `requirements` installed when it
    does not exist) and the versions of `modules` and Python in it, as
    "name version" pairs; the first module's major version must be `major`."""
    python = os.path.join(path, "bin", "python")
    if not os.path.exists(python):
        print(f"creating venv {path}", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(path)
        subprocess.run([python, "-m", "pip", "install", "--quiet", *requirements], check=True)
    code = f"import sys, {', '.join(modules)}; print({', '.join(m + '.__version__' for m in modules)}, sys.version.split()[0])"
    versions = subprocess.run([python, "-c", code], check=True, capture_output=True, text=True).stdout.split()
    if not versions[0].startswith(f"{major}."):
        sys.exit(f"{python} has {modules[0]} {versions[0]}; {modules[0]} {major}.x is required")
    return python, [f"{m} {v}" for m, v in zip(list(modules) + ["python"], versions)]


def main(here, doc, venv_var, requirements, modules, major):
    """Records the corpus in directory `here` (run as its record.py)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--venv", default=os.environ.get(venv_var, os.path.join(here, ".venv")))
    ap.add_argument("names", nargs="*", help="only programs whose name contains one of these")
    args = ap.parse_args()
    python, versions = ensure_venv(args.venv, requirements, modules, major)
    programs, expected = os.path.join(here, "programs"), os.path.join(here, "expected")
    os.makedirs(expected, exist_ok=True)
    names = sorted(f[:-3] for f in os.listdir(programs) if f.endswith(".py"))
    if args.names:
        names = [n for n in names if any(s in n for s in args.names)]
    # The environment the test harness (tests/support/library.rs) gives hipy.
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    for name in names:
        run = subprocess.run(
            [python, name + ".py"], cwd=programs, env=env, capture_output=True, timeout=300,
        )
        with open(os.path.join(expected, name + ".out"), "wb") as f:
            f.write(run.stdout)
        status_file = os.path.join(expected, name + ".status")
        if run.returncode != 0:
            with open(status_file, "w") as f:
                f.write(f"{run.returncode}\n")
            print(f"{name}: exit status {run.returncode}", file=sys.stderr)
            sys.stderr.write(run.stderr.decode(errors="replace")[-2000:])
        elif os.path.exists(status_file):
            os.remove(status_file)
    with open(os.path.join(expected, "VERSION"), "w") as f:
        f.write(" ".join(versions) + "\n")
    print(f"recorded {len(names)} programs with {', '.join(versions)}", file=sys.stderr)
