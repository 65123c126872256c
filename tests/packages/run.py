#!/usr/bin/env python3
"""Other people's test suites, under CPython and under hipy.

For each package below (pinned version), this script
  1. downloads its source distribution with pip (into the cache directory),
  2. installs it, without dependencies, into its own directory with
     CPython's pip (the installed code is pure Python; both interpreters
     import the same files),
  3. unpacks the sdist, and runs the tests it ships with pytest, once as
     `python3 -m pytest ...` and once as `hipy -m pytest ...`, with the
     installed package and the shared test dependencies on PYTHONPATH,
  4. prints a table: package, version, passed/failed/errors (and skipped)
     under each interpreter, and hipy's share of CPython's passes.

Usage:
    tests/packages/run.py [--hipy PATH] [--python PATH] [--cache DIR]
                          [--timeout SECONDS] [--only NAME,...] [--keep-logs DIR]

The default hipy is target/release/hipy (or $CARGO_TARGET_DIR/release/hipy);
the default python is the python3 on PATH. Needs network access to PyPI the
first time (sdists and test dependencies are cached in --cache).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

# (name, version, test paths in the sdist, pytest options). Every package
# is pure Python and ships its tests in its sdist.
PACKAGES = [
    ("six", "1.16.0", ["test_six.py"], []),
    ("idna", "3.10", ["tests"], []),
    ("toolz", "1.0.0", ["toolz/tests"], []),
    ("more-itertools", "10.5.0", ["tests"], []),
    ("pyparsing", "3.1.4", ["tests"], []),
    ("tabulate", "0.9.0", ["test"], []),
    ("click", "8.1.7", ["tests"], []),
    ("attrs", "24.2.0", ["tests"], []),
    ("boltons", "24.1.0", ["tests"], []),
    # Its conftest marks tests with pytest-cov's marker; filterwarnings=error.
    ("python-dateutil", "2.9.0.post0", ["tests"], ["-W", "ignore::pytest.PytestUnknownMarkWarning"]),
    ("cachetools", "5.5.0", ["tests"], []),
    # Its tests are written for unittest: test_legacy.py turns every warning
    # into an error at import, which makes pytest's collection warning about
    # test_md_in_html.TestSuite an error; that file is left out.
    ("markdown", "3.7", ["tests"], ["--ignore=tests/test_syntax/extensions/test_md_in_html.py"]),
    ("itsdangerous", "2.2.0", ["tests"], []),
]

# Test dependencies, shared by every suite, pinned.
TEST_DEPS = [
    "pytest==8.3.3",
    "hypothesis==6.112.2",
    "freezegun==1.5.1",
    "pytz==2024.2",
    "six==1.16.0",
    "sortedcontainers==2.4.0",
    "attrs==24.2.0",
    "python-dateutil==2.9.0.post0",
    "railroad-diagrams==3.0.1",
    "jinja2==3.1.4",
    "pyyaml==6.0.2",
]

ROOT = Path(__file__).resolve().parents[2]
SUMMARY = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?)")


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def default_hipy():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return str(target / "release" / "hipy")


def prepare(python, cache, packages):
    """Downloads and installs what the suites need; returns {name: (src, site)}."""
    sdists = cache / "sdists"
    sdists.mkdir(parents=True, exist_ok=True)
    deps = cache / "deps"
    marker = deps / ".done"
    if not marker.exists() or marker.read_text() != "\n".join(TEST_DEPS):
        shutil.rmtree(deps, ignore_errors=True)
        sh([python, "-m", "pip", "install", "-q", "--target", str(deps), *TEST_DEPS])
        (deps / ".done").write_text("\n".join(TEST_DEPS))
    prepared = {}
    for name, version, _, _ in packages:
        stem = f"{name.replace('-', '_')}-{version}"

        def matching():
            norm = lambda s: s.lower().replace("-", "_")
            return [p for p in sdists.glob("*.tar.gz") if norm(p.name) == norm(stem) + ".tar.gz"]

        found = matching()
        if not found:
            sh([python, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                f"{name}=={version}", "-d", str(sdists)])
            found = matching()
        sdist = found[0]
        src = cache / "src" / sdist.name[: -len(".tar.gz")]
        if not src.exists():
            with tarfile.open(sdist) as t:
                t.extractall(cache / "src", filter="data")
        site = cache / "site" / stem
        if not (site / ".done").exists():
            shutil.rmtree(site, ignore_errors=True)
            sh([python, "-m", "pip", "install", "-q", "--no-deps", "--no-compile", "--target", str(site), str(sdist)])
            (site / ".done").write_text(version)
        prepared[name] = (src, site)
    return prepared, deps


def run_suite(exe, src, site, deps, tests, opts, timeout, log):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON") and k not in ("COLUMNS", "LINES")}
    env.update(PYTHONPATH=f"{site}:{deps}", LC_ALL="C.UTF-8", LANG="C.UTF-8", PYTHONHASHSEED="0",
               HYPOTHESIS_NO_PLUGINS="1")
    # -S: neither interpreter sees packages installed in its own
    # site-packages; both see exactly PYTHONPATH.
    cmd = [exe, "-S", "-m", "pytest", "-q", "-p", "no:cacheprovider", "--color=no", "-o", "console_output_style=classic",
           *opts, *tests]
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=src, env=env, capture_output=True, timeout=timeout)
        out = proc.stdout.decode("utf-8", "replace") + proc.stderr.decode("utf-8", "replace")
        status = proc.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"").decode("utf-8", "replace") + f"\n[timed out after {timeout} s]\n"
        status = "timeout"
    elapsed = time.monotonic() - start
    if log:
        log.write_text(out)
    counts = {"passed": 0, "failed": 0, "errors": 0, "skipped": 0}
    summary = [line for line in out.splitlines() if SUMMARY.search(line) and (" in " in line or "no tests ran" in line)]
    for n, what in SUMMARY.findall(summary[-1] if summary else ""):
        key = "errors" if what.startswith("error") else what
        if key in counts:
            counts[key] += int(n)
    crashed = status not in (0, 1) and not summary
    return counts, status, crashed, elapsed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hipy", default=default_hipy())
    ap.add_argument("--python", default=shutil.which("python3"))
    ap.add_argument("--cache", default=str(Path.home() / ".cache" / "hipy-packages"))
    ap.add_argument("--timeout", type=int, default=1200)
    ap.add_argument("--only", default="")
    ap.add_argument("--keep-logs", default="")
    args = ap.parse_args()
    python = subprocess.run([args.python, "-c", "import sys; print(sys.executable)"],
                            capture_output=True, text=True, check=True).stdout.strip()
    only = {n for n in args.only.split(",") if n}
    packages = [p for p in PACKAGES if not only or p[0] in only]
    cache = Path(args.cache).resolve()
    prepared, deps = prepare(python, cache, packages)
    logs = Path(args.keep_logs).resolve() if args.keep_logs else None
    if logs:
        logs.mkdir(parents=True, exist_ok=True)
    head = f"| package | version | CPython passed/failed/errors (skipped) | hipy passed/failed/errors (skipped) | hipy / CPython passed | CPython s | hipy s |"
    print(head)
    print("|---|---|---|---|---|---|---|")
    bad = 0
    for name, version, tests, opts in packages:
        src, site = prepared[name]
        row = {}
        for label, exe in (("cpython", python), ("hipy", args.hipy)):
            log = logs / f"{name}.{label}.log" if logs else None
            row[label] = run_suite(exe, src, site, deps, tests, opts, args.timeout, log)
        cells = []
        for label in ("cpython", "hipy"):
            c, status, crashed, _ = row[label]
            cell = f"{c['passed']}/{c['failed']}/{c['errors']} ({c['skipped']})"
            if status == "timeout":
                cell += " TIMEOUT"
            elif crashed:
                cell += f" CRASHED (status {status})"
            cells.append(cell)
        cp, hp = row["cpython"][0]["passed"], row["hipy"][0]["passed"]
        share = f"{100 * hp / cp:.1f}%" if cp else "-"
        if not cp or hp < 0.95 * cp or row["hipy"][2] or row["hipy"][1] == "timeout":
            bad += 1
        print(f"| {name} | {version} | {cells[0]} | {cells[1]} | {share} | {row['cpython'][3]:.1f} | {row['hipy'][3]:.1f} |",
              flush=True)
    print(f"\n{len(packages) - bad} of {len(packages)} suites: hipy passes >= 95% of what CPython passes, without crash or timeout")
    return 0


if __name__ == "__main__":
    sys.exit(main())
