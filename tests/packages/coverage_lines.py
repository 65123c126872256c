#!/usr/bin/env python3
"""coverage.py under CPython and under hipy: the same lines and branches.

Installs a pinned coverage.py (from its sdist, cached like the package suites
of run.py) and measures each program in tests/packages/coverage/ with it,
once under CPython and under hipy in three modes: JIT off, JIT eager
(threshold 2) and JIT eager with random guard failures. Both interpreters use
coverage.py's Python tracer (COVERAGE_CORE=pytrace), which is built on
sys.settrace: what is compared is hipy's line, call, return and exception
events as coverage.py turns them into executed lines and branch arcs.

A program that imports coverage itself (warm_then_measure.py: its loops are
compiled before coverage starts) prints its own measurement; the others run
under `-m coverage run --branch` and are compared through `coverage json`
(executed and missing lines, executed and missing branches) and their output.

Lines and output must equal CPython 3.11's. Branches must too, with one
exception hipy inherits from RustPython's 3.14 compiler (README, "3.14
compiler semantics"): comprehensions are inlined (PEP 709), so a list, set or
dict comprehension has no code object of its own and no entry/exit arcs. Where
branches differ from 3.11's, they are compared with CPython 3.13's (`--python313`,
by default pyenv's 3.13.0), which inlines comprehensions too; the difference is
accepted, and reported, only when 3.13 gives exactly hipy's branches.

Usage: tests/packages/coverage_lines.py [--hipy PATH] [--python PATH] [--python313 PATH] [--cache DIR]
Needs network access to PyPI the first time. Exits 1 on any difference.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import default_hipy, prepare  # noqa: E402

COVERAGE = ("coverage", "7.6.1", [], [])
PROGRAMS = sorted((Path(__file__).resolve().parent / "coverage").glob("*.py"))
HIPY_MODES = {
    "jit off": {"HIPY_JIT": "off"},
    "jit eager": {"HIPY_JIT_THRESHOLD": "2"},
    "random exits": {"HIPY_JIT_THRESHOLD": "2", "HIPY_JIT_RANDOM_EXIT": "7"},
}
LINES = ("executed_lines", "missing_lines")
BRANCHES = ("executed_branches", "missing_branches")


def measure(exe, prog, site, extra_env):
    """Returns (output and lines, branches) for one program under one interpreter."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "HIPY_", "COVERAGE_"))}
    env.update(PYTHONPATH=str(site), COVERAGE_CORE="pytrace", LC_ALL="C.UTF-8", PYTHONHASHSEED="0", **extra_env)

    def run(args):
        proc = subprocess.run([exe, "-S", *args], cwd=prog.parent, env=env, capture_output=True, text=True, timeout=300)
        if proc.returncode != 0:
            raise RuntimeError(f"{exe} {' '.join(args)} exited {proc.returncode}:\n{proc.stderr}")
        return proc.stdout

    if "import coverage" in prog.read_text():
        return (run([prog.name]),), ()
    with tempfile.TemporaryDirectory() as tmp:
        data = str(Path(tmp) / "data")
        report = Path(tmp) / "report.json"
        out = run(["-m", "coverage", "run", "--branch", f"--data-file={data}", prog.name])
        run(["-m", "coverage", "json", f"--data-file={data}", "-o", str(report)])
        measured = json.loads(report.read_text())["files"][prog.name]
        return (out, *(measured[k] for k in LINES)), tuple(measured[k] for k in BRANCHES)


def pyenv_python(version):
    try:
        prefix = subprocess.run(["pyenv", "prefix", version], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return str(Path(prefix.strip()) / "bin" / "python3")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hipy", default=default_hipy())
    ap.add_argument("--python", default=sys.executable)
    ap.add_argument("--python313", default=pyenv_python("3.13.0"))
    ap.add_argument("--cache", default=str(Path.home() / ".cache" / "hipy-packages"))
    args = ap.parse_args()
    prepared, _ = prepare(args.python, Path(args.cache), [COVERAGE])
    _, site = prepared["coverage"]
    differences = 0
    for prog in PROGRAMS:
        expected = measure(args.python, prog, site, {})
        print(f"{prog.name}: " + (f"CPython {len(expected[0][1])} lines" if expected[1] else "measures itself through coverage's API"))
        newer = None
        for mode, env in HIPY_MODES.items():
            got = measure(args.hipy, prog, site, env)
            if got == expected:
                verdict = "same lines, branches and output"
            elif got[0] == expected[0] and args.python313:
                newer = newer or measure(args.python313, prog, site, {})
                same = got[1] == newer[1]
                verdict = ("same lines and output; branches as CPython 3.13's (inlined comprehensions)"
                           if same else "DIFFERENT branches")
            else:
                verdict = "DIFFERENT"
            differences += verdict.startswith("DIFFERENT")
            print(f"  hipy, {mode}: {verdict}")
            if verdict.startswith("DIFFERENT"):
                print(f"    CPython: {expected!r}\n    hipy:    {got!r}")
    print(f"{len(PROGRAMS)} programs, {len(PROGRAMS) * len(HIPY_MODES)} hipy runs, {differences} different")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
