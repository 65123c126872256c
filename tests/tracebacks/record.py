#!/usr/bin/env python3
"""Record what CPython 3.11 prints for the traceback test programs.

Usage:
    tests/tracebacks/record.py              re-record every program
    tests/tracebacks/record.py NAME...      re-record programs whose name contains NAME
    tests/tracebacks/record.py --check      report stale recordings

Each program tests/tracebacks/programs/NAME.py runs as `python3 NAME.py` with
tests/tracebacks/programs as the working directory. Its stdout, stderr and
exit status go to tests/tracebacks/expected/NAME.{stdout,stderr,status}.

CPython prints the script's absolute path in tracebacks. Every occurrence of
the absolute path of the programs directory is stored as the placeholder
@TEST_DIR@, and tests/tracebacks.rs puts the real path back (an exact text
substitution) before comparing byte for byte, so recordings work from any
checkout. The status is the exit code, or "killed by signal N" for a process
that ended by a signal (an uncaught KeyboardInterrupt ends by SIGINT), the
text tests/support/mod.rs uses.

Every program runs twice with different string-hash seeds; a program whose
output differs between the runs is rejected as nondeterministic.
"""

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
EXPECTED = HERE / "expected"
TOKEN = b"@TEST_DIR@"
TIMEOUT = 60


def clean_env(hash_seed):
    """The environment tests/support/mod.rs gives hipy."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PYTHON") and k not in ("COLUMNS", "LINES")}
    env.update(PYTHONDONTWRITEBYTECODE="1", LC_ALL="C.UTF-8", LANG="C.UTF-8",
               PYTHONHASHSEED=str(hash_seed))
    return env


def status_text(returncode):
    if returncode < 0:
        return f"killed by signal {-returncode}"
    return str(returncode)


def run(name, hash_seed):
    proc = subprocess.run([sys.executable, f"{name}.py"], cwd=PROGRAMS,
                          stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=TIMEOUT, env=clean_env(hash_seed))
    test_dir = str(PROGRAMS).encode()
    return {
        "stdout": proc.stdout.replace(test_dir, TOKEN),
        "stderr": proc.stderr.replace(test_dir, TOKEN),
        "status": f"{status_text(proc.returncode)}\n".encode(),
    }


def record(name):
    first = run(name, 1)
    second = run(name, 2)
    if first != second:
        parts = [part for part in first if first[part] != second[part]]
        return None, f"{name}: nondeterministic {', '.join(parts)}"
    return first, None


def main():
    args = sys.argv[1:]
    check = "--check" in args
    patterns = [a for a in args if a != "--check"]
    if sys.version_info[:2] != (3, 11):
        sys.exit(f"expectations are recorded from CPython 3.11, not {sys.version.split()[0]}")
    names = sorted(p.stem for p in PROGRAMS.glob("*.py"))
    if patterns:
        names = [n for n in names if any(pat in n for pat in patterns)]
        if not names:
            sys.exit(f"no program matches {patterns}")
    EXPECTED.mkdir(exist_ok=True)
    problems = []
    for name in names:
        outcome, error = record(name)
        if error:
            problems.append(error)
            continue
        for part, data in outcome.items():
            path = EXPECTED / f"{name}.{part}"
            if check:
                if not path.exists() or path.read_bytes() != data:
                    problems.append(f"{name}: recorded {part} is stale")
            else:
                path.write_bytes(data)
    if not patterns:
        known = set(names)
        for path in sorted(EXPECTED.iterdir()):
            if path.stem not in known:
                if check:
                    problems.append(f"{path.name}: no such program")
                else:
                    path.unlink()
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{'checked' if check else 'recorded'} {len(names)} programs, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
