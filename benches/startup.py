#!/usr/bin/env python3
"""Start-up and import times, hipy against CPython.

    benches/startup.py [--hipy PATH] [--python PATH] [--package networkx==3.4.2] [-n 5]

Measures (wall time, median of n runs):
  - an empty script;
  - `import PACKAGE` of a large pure-Python package, installed with pip into
    a scratch directory on PYTHONPATH: cold (each interpreter's compiled-code
    cache removed before every run, so every module is compiled from source)
    and warm (the cache written by a previous run).
hipy's cache files are `__pycache__/*.hipy-01.pyc`, CPython's
`__pycache__/*.cpython-311.pyc`; each run removes only its own.
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
    start = time.perf_counter()
    subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


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
    args = ap.parse_args()
    python = subprocess.run([args.python, "-c", "import sys; print(sys.executable)"],
                            capture_output=True, text=True, check=True).stdout.strip()
    name = args.package.split("==")[0].replace("-", "_")
    with tempfile.TemporaryDirectory(prefix="hipy-startup-") as tmp:
        tmp = Path(tmp)
        site = tmp / "site"
        subprocess.run([python, "-m", "pip", "install", "-q", "--no-compile", "--target", str(site), args.package],
                       check=True)
        empty = tmp / "empty.py"
        empty.write_text("")
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env["PYTHONPATH"] = str(site)
        rows = []
        impls = [("CPython", python, ".cpython-"), ("hipy", args.hipy, ".hipy-")]
        results = {}
        for label, exe, marker in impls:
            r = {}
            r["empty"] = statistics.median(timed([exe, str(empty)], env) for _ in range(args.n))
            cold = []
            for _ in range(args.n):
                clear_cache(site, marker)
                cold.append(timed([exe, "-c", f"import {name}"], env))
            r["cold"] = statistics.median(cold)
            r["warm"] = statistics.median(timed([exe, "-c", f"import {name}"], env) for _ in range(args.n))
            results[label] = r
        print(f"| measure | CPython s | hipy s | hipy / CPython |")
        print("|---|---|---|---|")
        for key, what in (("empty", "empty script"), ("cold", f"import {args.package}, cold cache"),
                          ("warm", f"import {args.package}, warm cache")):
            c, h = results["CPython"][key], results["hipy"][key]
            print(f"| {what} | {c:.3f} | {h:.3f} | {h / c:.2f}x |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
