#!/bin/bash
# Side-by-side timings of the sixteen sci_* programs of the numpy corpus
# (tests/numpy/programs/sci_*.py take their size as an argument) under hipy
# and CPython+NumPy: paired whole-process ratios (hipy/NumPy, wall and CPU,
# median over the pairs, the two runs of a pair back to back) and the peak
# RSS of one run of each from /usr/bin/time -v.
#
#   tests/numpy/bench/sci.sh HIPY_BINARY [VENV_PYTHON] [RUNS] [NAME...]
set -u
HIPY=${1:?usage: sci.sh HIPY_BINARY [VENV_PYTHON] [RUNS] [NAME...]}
PY=${2:-/work/venv-np/bin/python}
RUNS=${3:-3}
shift $(( $# < 3 ? $# : 3 ))
PROGS=$(cd "$(dirname "$0")/../programs" && pwd)

# Sizes at which NumPy takes at least 0.2 s on the reference machine.
declare -A SIZE=(
    [sci_heat]=20000 [sci_kmeans]=60000 [sci_pca]=200000 [sci_markov]=100000
    [sci_option_mc]=150000 [sci_polyfit]=150000 [sci_convolve]=1000
    [sci_sensors]=100000 [sci_pagerank]=1500 [sci_rolling]=400000 [sci_fput]=100000
    [sci_logistic]=20000 [sci_lotka]=20000 [sci_bootstrap]=5000 [sci_welch]=1000000 [sci_histeq]=800
)
NAMES=${*:-sci_heat sci_kmeans sci_pca sci_markov sci_option_mc sci_polyfit sci_convolve sci_sensors sci_pagerank sci_rolling sci_fput sci_logistic sci_lotka sci_bootstrap sci_welch sci_histeq}

# paired RUNS "A command" "B command": median A/B of wall and of CPU time.
paired() {
    python3 - "$@" <<'PY'
import resource, shlex, statistics, subprocess, sys, time
runs, a, b = int(sys.argv[1]), shlex.split(sys.argv[2]), shlex.split(sys.argv[3])
def run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True, timeout=600)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
walls, cpus = [], []
for _ in range(runs):
    (wa, ca), (wb, cb) = run(a), run(b)
    walls.append(wa / wb)
    cpus.append(ca / cb)
print(f"  A/B wall {statistics.median(walls):.3f}  A/B cpu {statistics.median(cpus):.3f}  ({runs} pairs)")
PY
}

rss() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}'; }

for name in $NAMES; do
    prog=$PROGS/$name.py
    n=${SIZE[$name]}
    echo "== $name $n"
    paired "$RUNS" "$HIPY run $prog $n" "$PY $prog $n"
    echo "  peak RSS KB: hipy $(rss "$HIPY" run "$prog" "$n")  numpy $(rss "$PY" "$prog" "$n")"
done
