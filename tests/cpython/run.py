"""CPython 3.11's own regression tests under hipy, RustPython's engine and CPython.

Runs each module of MODULES as `-m unittest test.MODULE` from CPython
3.11's library directory (where its `test` package is), under `hipy`,
`hipy --engine=rustpython` and `python3.11`, and prints a table: tests
passed, failed, errors and skipped, or `timeout` / `crash` (no unittest
summary) per module and engine. The time limit is CPU time (so that a
loaded machine does not turn slow runs into timeouts), with four times
as much wall time for runs that hang without using the CPU.

    python3 tests/cpython/run.py [--hipy target/release/hipy]
        [--python python3.11] [--timeout 120] [--jobs 2]
        [--engines hipy,rustpython,cpython] [--markdown FILE] [MODULE ...]

The modules are the core of 3.11's suite: the language, builtins, core
types and the pure-Python standard library most programs use.
"""
import argparse
import concurrent.futures
import os
import re
import resource
import shutil
import signal
import subprocess
import sys
import time

MODULES = """
test_grammar test_syntax test_opcodes test_augassign test_unary test_scope
test_class test_descr test_generators test_genexps test_yield_from
test_coroutines test_asyncgen test_with test_exceptions test_exception_group
test_raise test_keywordonlyarg test_positional_only_arg test_unpack
test_unpack_ex test_patma test_string_literals test_fstring test_decorators
test_named_expressions test_listcomps test_frame test_funcattrs test_dynamic
test_global test_compare test_richcmp test_baseexception test_extcall
test_binop test_bool test_int test_long test_float test_complex
test_int_literal test_list test_tuple test_dict test_set test_unicode
test_bytes test_slice test_range test_enumerate test_iter test_pow test_print
test_format test_sort test_types test_builtin test_isinstance test_property
test_super test_weakref test_abc test_math test_itertools test_copy
test_operator test_functools test_collections test_ordered_dict test_deque
test_heapq test_bisect test_json test_fractions test_decimal test_statistics
test_random test_re test_textwrap test_string test_enum test_dataclasses
test_contextlib test_typing test_struct
""".split()

ENGINES = ("hipy", "rustpython", "cpython")

SUMMARY = re.compile(r"^Ran (\d+) tests? in [\d.]+s$", re.M)
COUNTS = re.compile(r"(failures|errors|skipped|expected failures|unexpected successes)=(\d+)")


def cpython_lib(python):
    out = subprocess.run([python, "-c", "import os, sys; print(os.path.dirname(os.__file__), sys.version_info[:2] >= (3, 11))"],
                         capture_output=True, text=True, check=True).stdout.split()
    return out[0]


def command(engine, args, module):
    if engine == "hipy":
        return [args.hipy, "-m", "unittest", f"test.{module}"]
    if engine == "rustpython":
        return [args.hipy, "--engine=rustpython", "-m", "unittest", f"test.{module}"]
    return [args.python, "-m", "unittest", f"test.{module}"]


def parse(output):
    """(run, failures, errors, skipped) from unittest's summary, or None."""
    found = list(SUMMARY.finditer(output))
    if not found:
        return None
    ran = int(found[-1].group(1))
    tail = output[found[-1].end():]
    verdict = next((l for l in tail.splitlines() if l.startswith(("OK", "FAILED"))), None)
    if verdict is None:
        return None
    counts = dict((k, int(v)) for k, v in COUNTS.findall(verdict))
    return ran, counts.get("failures", 0), counts.get("errors", 0), counts.get("skipped", 0)


def run_one(engine, module, args, lib):
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    start = time.monotonic()

    def limit_cpu():
        seconds = int(args.timeout)
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))

    proc = subprocess.Popen(command(engine, args, module), cwd=lib, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace",
                            start_new_session=True, preexec_fn=limit_cpu)
    try:
        stdout, stderr = proc.communicate(timeout=4 * args.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # the run and whatever it started
        proc.communicate()
        return engine, module, "timeout", time.monotonic() - start
    result = parse(stderr) or parse(stdout)
    elapsed = time.monotonic() - start
    if result is None and proc.returncode in (-24, -9):  # SIGXCPU, or SIGKILL at the hard limit
        return engine, module, "timeout", elapsed
    if args.log:
        with open(os.path.join(args.log, f"{module}.{engine}.txt"), "w") as f:
            f.write(stdout + stderr)
    if result is None:
        return engine, module, f"crash ({proc.returncode})", elapsed
    return engine, module, result, elapsed


def cell(result):
    if isinstance(result, str):
        return result
    _, failures, errors, skipped = result
    return f"{passed(result)}/{failures}/{errors}/{skipped}"


def passed(result):
    # Failures count subtests too, so they can exceed the tests run.
    return 0 if isinstance(result, str) else max(0, result[0] - result[1] - result[2] - result[3])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hipy", default=os.path.join(os.path.dirname(__file__), "..", "..", "target", "release", "hipy"))
    parser.add_argument("--python", default=shutil.which("python3.11") or "python3")
    parser.add_argument("--timeout", type=float, default=120, help="CPU seconds per module and engine")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--engines", default=",".join(ENGINES))
    parser.add_argument("--markdown", help="also write the table to this file")
    parser.add_argument("--log", help="keep each run's output in this directory")
    parser.add_argument("modules", nargs="*")
    args = parser.parse_args()
    args.hipy = os.path.abspath(args.hipy)
    engines = [e for e in args.engines.split(",") if e]
    for e in engines:
        if e not in ENGINES:
            parser.error(f"unknown engine {e!r}")
    modules = args.modules or MODULES
    lib = cpython_lib(args.python)
    if args.log:
        os.makedirs(args.log, exist_ok=True)
    results = {}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = [pool.submit(run_one, e, m, args, lib) for m in modules for e in engines]
        for job in concurrent.futures.as_completed(jobs):
            engine, module, result, elapsed = job.result()
            results[engine, module] = result
            print(f"  {module} {engine}: {cell(result)} ({elapsed:.0f} s)", file=sys.stderr, flush=True)
    header = ["module"] + [f"{e} passed/failed/errors/skipped" for e in engines]
    if "hipy" in engines and "rustpython" in engines:
        header.append("hipy - rustpython passed")
    rows = []
    for m in modules:
        row = [m] + [cell(results[e, m]) for e in engines]
        if "hipy" in engines and "rustpython" in engines:
            row.append(str(passed(results["hipy", m]) - passed(results["rustpython", m])))
        rows.append(row)
    totals = ["total"] + [str(sum(passed(results[e, m]) for m in modules)) + " passed" for e in engines]
    if len(header) > len(totals):
        totals.append(str(sum(int(r[-1]) for r in rows)))
    clean = ["clean modules"] + [
        f"{sum(1 for m in modules if not isinstance(results[e, m], str) and results[e, m][1] == results[e, m][2] == 0)}/{len(modules)}"
        for e in engines] + ([""] if len(header) > len(engines) + 1 else [])
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows + [totals, clean]]
    table = "\n".join(lines)
    print(table)
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(table + "\n")


if __name__ == "__main__":
    main()
