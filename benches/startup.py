#!/usr/bin/env python3
"""Start-up and import times, hipy against CPython.

    benches/startup.py [--hipy PATH] [--python PATH] [--package networkx==3.4.2] [-n 5] [--system-site]
                       [--site DIR]

Measures wall time and CPU time (user + system, which a loaded machine
disturbs less), the median of n runs each:
  - an empty script;
  - `import PACKAGE` of a large pure-Python package, installed with pip into
    a scratch directory on PYTHONPATH (or a copy of `--site DIR`, where it is
    installed already, for a machine without an index): cold (each interpreter's compiled-code
    cache removed before every run, so every module is compiled from source)
    and warm (the cache written by a previous run).
hipy's cache files are `__pycache__/*.hipy-01.pyc`, CPython's
`__pycache__/*.cpython-311.pyc`; each run removes only its own.

CPython runs from a fresh virtual environment (`venv --without-pip`), so
that `.pth` files in its installation's site-packages (which may import
whole packages at every start-up) are not processed: each interpreter
starts with its own standard library only. `--system-site` runs the
given python3 as it is instead.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd, env):
    """(wall s, cpu s, peak RSS KiB) of one run of cmd."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise subprocess.CalledProcessError(proc.returncode, cmd)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def median(runs):
    """(wall, cpu, peak RSS) medians of a list of timed() runs."""
    return tuple(statistics.median(run[i] for run in runs) for i in range(3))


def clear_cache(site, marker):
    for pyc in site.rglob("*.pyc"):
        if marker in pyc.name:
            pyc.unlink()


def main():
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hipy", default=str(target / "release" / "hipy"))
    ap.add_argument("--python", default=shutil.which("python3"))
    ap.add_argument("--package", default="networkx==3.4.2")
    ap.add_argument("-n", type=int, default=5)
    ap.add_argument("--system-site", action="store_true",
                    help="run CPython with its installation's site-packages (and .pth files)")
    ap.add_argument("--site", help="a directory where the package is installed already (copied, not pip-installed)")
    args = ap.parse_args()
    base = subprocess.run([args.python, "-c", "import sys; print(sys.executable)"],
                          capture_output=True, text=True, check=True).stdout.strip()
    name = args.package.split("==")[0].replace("-", "_")
    with tempfile.TemporaryDirectory(prefix="hipy-startup-") as tmp:
        tmp = Path(tmp)
        site = tmp / "site"
        if args.site:
            shutil.copytree(args.site, site, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            subprocess.run([base, "-m", "pip", "install", "-q", "--no-compile", "--target", str(site), args.package],
                           check=True)
        python = base
        if not args.system_site:
            subprocess.run([base, "-m", "venv", "--without-pip", str(tmp / "venv")], check=True)
            python = str(tmp / "venv" / "bin" / "python")
        empty = tmp / "empty.py"
        empty.write_text("")
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env["PYTHONPATH"] = str(site)
        rows = []
        impls = [("CPython", python, ".cpython-"), ("hipy", args.hipy, ".hipy-")]
        results = {}
        for label, exe, marker in impls:
            r = {}
            r["empty"] = median([timed([exe, str(empty)], env) for _ in range(args.n)])
            cold = []
            for _ in range(args.n):
                clear_cache(site, marker)
                cold.append(timed([exe, "-c", f"import {name}"], env))
            r["cold"] = median(cold)
            r["warm"] = median([timed([exe, "-c", f"import {name}"], env) for _ in range(args.n)])
            results[label] = r
        print("| measure | CPython wall s | hipy wall s | hipy / CPython wall | CPython cpu s | hipy cpu s | hipy / CPython cpu |")
        print("|---|---|---|---|---|---|---|")
        for key, what in (("empty", "empty script"), ("cold", f"import {args.package}, cold cache"),
                          ("warm", f"import {args.package}, warm cache")):
            (cw, cc, _), (hw, hc, _) = results["CPython"][key], results["hipy"][key]
            print(f"| {what} | {cw:.3f} | {hw:.3f} | {hw / cw:.2f}x | {cc:.3f} | {hc:.3f} | {hc / cc:.2f}x |")
        crss, hrss = results["CPython"]["empty"][2] / 1024, results["hipy"]["empty"][2] / 1024
        print(f"\npeak RSS of the empty script: CPython {crss:.1f} MiB, hipy {hrss:.1f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
