#!/usr/bin/env python3
"""Record what CPython 3.11 prints for the traceback test programs.

Usage:
    tests/tracebacks/record.py              re-record every program
    tests/tracebacks/record.py NAME...      re-record programs whose name contains NAME
    tests/tracebacks/record.py --check      report stale recordings
    tests/tracebacks/record.py --override PYTHON --reason TEXT NAME
                                            record what another CPython (3.12+)
                                            prints for one program as an accepted
                                            alternative (overrides/)
    tests/tracebacks/record.py --known HIPY [--engine rustpython] --reason TEXT NAME
                                            pin what hipy (interpreter mode) or
                                            its RustPython engine prints for one
                                            program that differs from CPython for
                                            a documented reason (known/,
                                            known-rustpython/)

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

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROGRAMS = HERE / "programs"
EXPECTED = HERE / "expected"
OVERRIDES = HERE / "overrides"
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


def run(command, name, hash_seed, env=None):
    """`command NAME.py`; `command` is a list (the interpreter and any
    arguments before the script)."""
    proc = subprocess.run([*command, f"{name}.py"], cwd=PROGRAMS,
                          stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=TIMEOUT, env={**clean_env(hash_seed), **(env or {})})
    test_dir = str(PROGRAMS).encode()
    return {
        "stdout": proc.stdout.replace(test_dir, TOKEN),
        "stderr": proc.stderr.replace(test_dir, TOKEN),
        "status": f"{status_text(proc.returncode)}\n".encode(),
    }


def record(name, command=(sys.executable,), env=None):
    first = run(command, name, 1, env)
    second = run(command, name, 2, env)
    if first != second:
        parts = [part for part in first if first[part] != second[part]]
        return None, f"{name}: nondeterministic {', '.join(parts)}"
    return first, None


def one_program(opts, flag):
    if not opts.reason or len(opts.names) != 1:
        sys.exit(f"{flag} needs --reason TEXT and exactly one program name")
    name = opts.names[0]
    if not (PROGRAMS / f"{name}.py").exists():
        sys.exit(f"no program {name}.py")
    return name


def record_override(opts):
    """What a newer CPython prints, for a behaviour CPython changed after 3.11."""
    name = one_program(opts, "--override")
    outcome, error = record(name, [opts.override])
    if error:
        sys.exit(error)
    version = subprocess.run([opts.override, "--version"], capture_output=True,
                             text=True).stdout.strip()
    written = [part for part, data in outcome.items()
               if data != (EXPECTED / f"{name}.{part}").read_bytes()]
    if not written:
        sys.exit(f"{opts.override} prints the same as the 3.11 recording; no override needed")
    OVERRIDES.mkdir(exist_ok=True)
    for part in written:
        (OVERRIDES / f"{name}.{part}").write_bytes(outcome[part])
    (OVERRIDES / f"{name}.reason").write_text(f"{opts.reason} (recorded from {version})\n")
    print(f"override for {name}: {', '.join(written)}")
    return 0


def record_known(opts):
    """Pin what hipy prints for a program it cannot match yet; the runner
    then requires exactly this output, and reports the entry as stale once
    hipy prints what CPython prints."""
    name = one_program(opts, "--known")
    if opts.engine == "rustpython":
        command, env, known = [opts.known, "--engine=rustpython", "run"], {}, HERE / "known-rustpython"
    else:
        command, env, known = [opts.known, "run"], {"HIPY_JIT": "off"}, HERE / "known"
    outcome, error = record(name, command, env)
    if error:
        sys.exit(error)
    if all(data == (EXPECTED / f"{name}.{part}").read_bytes() for part, data in outcome.items()):
        sys.exit(f"hipy prints the same as the 3.11 recording; {name} is no known difference")
    known.mkdir(exist_ok=True)
    for part, data in outcome.items():
        (known / f"{name}.{part}").write_bytes(data)
    (known / f"{name}.reason").write_text(f"{opts.reason}\n")
    print(f"known difference for {name} recorded in {known.name}/")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--override", metavar="PYTHON")
    parser.add_argument("--known", metavar="HIPY")
    parser.add_argument("--engine", choices=["hipy", "rustpython"], default="hipy")
    parser.add_argument("--reason")
    opts = parser.parse_args()
    if opts.override:
        return record_override(opts)
    if opts.known:
        return record_known(opts)
    check, patterns = opts.check, opts.names
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
