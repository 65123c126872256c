#!/usr/bin/env python3
"""Run hipy's traceback modules (vm/src/tb311/*.py) under CPython 3.11 and
compare their output with CPython's own.

Usage:
    tests/tracebacks/crosscheck.py              every program in programs/
    tests/tracebacks/crosscheck.py NAME...      programs whose name contains NAME
    tests/tracebacks/crosscheck.py --run PROGRAM.py
                                                run one program with hipy's modules

This checks the formatting rules alone, on CPython's own tracebacks and code
positions, without building hipy: each program runs once under plain
`python3` and once under `python3 crosscheck.py --run`, which installs
hipy's `traceback` module and uses hipy's display as sys.excepthook, and the
two stderr outputs (and stdouts) must be equal. Programs whose output
depends on the frames of the running harness (stack extraction, walk_stack)
are not meaningful here; tests/tracebacks.rs is the real test.
"""

import os
import subprocess
import sys
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCES = HERE.parent.parent / "vm" / "src" / "tb311"
PROGRAMS = HERE / "programs"
# (module name, file): the same table as vm/src/tb311.rs.
MODULES = [
    ("_hipy_tb311_text", "text.py"),
    ("_hipy_tb311_suggest", "suggest.py"),
    ("_hipy_tb311_display", "display.py"),
    ("traceback", "traceback.py"),
]


def install():
    for name, file in MODULES:
        path = SOURCES / file
        module = types.ModuleType(name)
        code = compile(path.read_text(), str(path), "exec")
        sys.modules[name] = module
        exec(code, module.__dict__)
    display = sys.modules["_hipy_tb311_display"].display
    sys.excepthook = lambda exc_type, exc, tb: display(exc)


def run_as_main(path):
    """Run `path` as __main__ the way `python3 path` does, the harness's own
    frames removed from the traceback."""
    path = os.path.abspath(path)
    sys.argv = [path]
    sys.path[0] = os.path.dirname(path)
    main = types.ModuleType("__main__")
    main.__file__ = path
    main.__builtins__ = __builtins__
    sys.modules["__main__"] = main
    with open(path, "rb") as f:
        source = f.read()
    try:
        code = compile(source, path, "exec")
    except SyntaxError as e:
        sys.excepthook(type(e), e.with_traceback(None), None)
        return 1
    try:
        exec(code, main.__dict__)
    except SystemExit as e:
        raise
    except BaseException as e:
        e.with_traceback(e.__traceback__.tb_next)
        sys.stdout.flush()
        sys.excepthook(type(e), e, e.__traceback__)
        return 1
    return 0


def compare(program):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env.update(PYTHONDONTWRITEBYTECODE="1", LC_ALL="C.UTF-8", PYTHONHASHSEED="0")
    args = dict(cwd=PROGRAMS, capture_output=True, env=env, timeout=60)
    expected = subprocess.run([sys.executable, program.name], **args)
    actual = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--run",
                             program.name], **args)
    problems = []
    for part in ("stdout", "stderr"):
        if getattr(expected, part) != getattr(actual, part):
            problems.append(part)
    return problems, expected, actual


def main():
    if sys.argv[1:2] == ["--run"]:
        install()
        sys.exit(run_as_main(sys.argv[2]))
    patterns = sys.argv[1:]
    programs = sorted(PROGRAMS.glob("*.py"))
    if patterns:
        programs = [p for p in programs if any(pat in p.stem for pat in patterns)]
    failures = 0
    for program in programs:
        problems, expected, actual = compare(program)
        if problems:
            failures += 1
            print(f"DIFF {program.stem}: {', '.join(problems)}")
            if patterns:
                for part in problems:
                    print(f"--- python3 {part}\n{getattr(expected, part).decode(errors='replace')}")
                    print(f"+++ hipy modules {part}\n{getattr(actual, part).decode(errors='replace')}")
    print(f"crosscheck: {len(programs) - failures}/{len(programs)} agree")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
