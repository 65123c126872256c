#!/usr/bin/env python3
"""Record the expected output of the differential corpus from CPython 3.11.

Usage:
    tests/record.py                 re-record every program
    tests/record.py NAME...         re-record the programs whose name contains NAME
    tests/record.py --check [NAME...]
                                    re-run and report programs whose recording is stale
    tests/record.py --override PYTHON --reason TEXT NAME
                                    record what another CPython (3.12+) prints for
                                    one program as an accepted alternative
                                    (tests/corpus/overrides/)
    tests/record.py --known HIPY --reason TEXT NAME
                                    pin what hipy (the binary HIPY, interpreter
                                    mode) prints for one program that differs
                                    from CPython for a documented reason
                                    (tests/corpus/known/)

Each program tests/corpus/NAME.py runs as `python3 NAME.py ARGS...` in
tests/corpus, with NAME.args (one argument a line) and NAME.stdin as input when
they exist. Its stdout, stderr and exit status go to
tests/corpus/expected/NAME.{stdout,stderr,status}. Every program runs twice
with different string-hash seeds; a program whose output differs between the
two runs is rejected as nondeterministic. The absolute path of the corpus
directory is stored as @CORPUS_DIR@ (CPython prints the script's absolute
path in tracebacks), and tests/corpus.rs puts the real path back.
"""

import argparse
import os
import subprocess
import sys
from pathlib import Path

CORPUS = Path(__file__).resolve().parent / "corpus"
EXPECTED = CORPUS / "expected"
OVERRIDES = CORPUS / "overrides"
KNOWN = CORPUS / "known"
TOKEN = b"@CORPUS_DIR@"
TIMEOUT = 60


def clean_env(hash_seed):
    """The environment tests/support/mod.rs gives both implementations."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("PYTHON") and k not in ("COLUMNS", "LINES")}
    env.update(PYTHONDONTWRITEBYTECODE="1", LC_ALL="C.UTF-8", LANG="C.UTF-8",
               PYTHONHASHSEED=str(hash_seed))
    return env


def run(command, name, hash_seed, env=None):
    """`command NAME.py ARGS...`; `command` is a list (the interpreter and
    any arguments before the script)."""
    args_file = CORPUS / f"{name}.args"
    stdin_file = CORPUS / f"{name}.stdin"
    args = args_file.read_text().splitlines() if args_file.exists() else []
    stdin = stdin_file.read_bytes() if stdin_file.exists() else b""
    proc = subprocess.run([*command, f"{name}.py", *args], cwd=CORPUS, input=stdin,
                          capture_output=True, timeout=TIMEOUT,
                          env={**clean_env(hash_seed), **(env or {})})
    corpus_dir = str(CORPUS).encode()
    return {
        "stdout": proc.stdout.replace(corpus_dir, TOKEN),
        "stderr": proc.stderr.replace(corpus_dir, TOKEN),
        "status": f"{proc.returncode}\n".encode(),
    }


def record(command, name, env=None):
    """Both runs of one program, or an error message if they disagree."""
    first = run(command, name, 1, env)
    second = run(command, name, 2, env)
    if first != second:
        parts = [part for part in first if first[part] != second[part]]
        return None, f"{name}: nondeterministic {', '.join(parts)}"
    return first, None


def select(patterns):
    names = sorted(p.stem for p in CORPUS.glob("*.py"))
    if not patterns:
        return names
    chosen = [n for n in names if any(pat in n for pat in patterns)]
    if not chosen:
        sys.exit(f"no corpus program matches {patterns}")
    return chosen


def require_311(python):
    version = subprocess.run([python, "-c", "import sys; print(sys.version_info[:2])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    if version != "(3, 11)":
        sys.exit(f"{python} is Python {version}; expectations are recorded from CPython 3.11")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--override", metavar="PYTHON")
    parser.add_argument("--known", metavar="HIPY")
    parser.add_argument("--reason")
    opts = parser.parse_args()

    if opts.override:
        return record_override(opts)
    if opts.known:
        return record_known(opts)
    require_311(opts.python)
    names = select(opts.names)
    EXPECTED.mkdir(exist_ok=True)
    failures = []
    for name in names:
        outcome, error = record([opts.python], name)
        if error:
            failures.append(error)
            continue
        for part, data in outcome.items():
            path = EXPECTED / f"{name}.{part}"
            if opts.check:
                if not path.exists() or path.read_bytes() != data:
                    failures.append(f"{name}: recorded {part} is stale")
            else:
                path.write_bytes(data)
    if not opts.names:
        known = set(names)
        for path in EXPECTED.iterdir():
            if path.stem not in known:
                if opts.check:
                    failures.append(f"{path.name}: no such program")
                else:
                    path.unlink()
    for failure in failures:
        print(failure, file=sys.stderr)
    verb = "checked" if opts.check else "recorded"
    print(f"{verb} {len(names)} programs, {len(failures)} problems")
    return 1 if failures else 0


def record_override(opts):
    if not opts.reason or len(opts.names) != 1:
        sys.exit("--override needs --reason TEXT and exactly one program name")
    name = opts.names[0]
    if not (CORPUS / f"{name}.py").exists():
        sys.exit(f"no program {name}.py")
    outcome, error = record([opts.override], name)
    if error:
        sys.exit(error)
    OVERRIDES.mkdir(exist_ok=True)
    version = subprocess.run([opts.override, "--version"], capture_output=True,
                             text=True).stdout.strip()
    written = []
    for part, data in outcome.items():
        if data != (EXPECTED / f"{name}.{part}").read_bytes():
            (OVERRIDES / f"{name}.{part}").write_bytes(data)
            written.append(part)
    if not written:
        sys.exit(f"{opts.override} prints the same as the 3.11 recording; no override needed")
    (OVERRIDES / f"{name}.reason").write_text(f"{opts.reason} (recorded from {version})\n")
    print(f"override for {name}: {', '.join(written)}")
    return 0


def record_known(opts):
    """Pin hipy's output for a program hipy cannot match yet; the corpus
    runner then requires exactly this output (and reports the entry as stale
    once hipy prints what CPython prints)."""
    if not opts.reason or len(opts.names) != 1:
        sys.exit("--known needs --reason TEXT and exactly one program name")
    name = opts.names[0]
    if not (CORPUS / f"{name}.py").exists():
        sys.exit(f"no program {name}.py")
    outcome, error = record([opts.known, "run"], name, {"HIPY_JIT": "off"})
    if error:
        sys.exit(error)
    if all(data == (EXPECTED / f"{name}.{part}").read_bytes() for part, data in outcome.items()):
        sys.exit(f"hipy prints the same as the 3.11 recording; {name} is no known difference")
    KNOWN.mkdir(exist_ok=True)
    for part, data in outcome.items():
        (KNOWN / f"{name}.{part}").write_bytes(data)
    (KNOWN / f"{name}.reason").write_text(f"{opts.reason}\n")
    print(f"known difference for {name} recorded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
