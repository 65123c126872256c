#!/bin/bash
# Side-by-side timings of the sixteen sci_* programs of the numpy corpus
# (tests/numpy/programs/sci_*.py take their size as an argument) under hipy
# and CPython+NumPy: farm-bench's paired ratio (hipy/NumPy, median of the
# pairs) and the peak RSS of one run of each from /usr/bin/time -v.
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

rss() { /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F': ' '/Maximum resident/ {print $2}'; }

for name in $NAMES; do
    prog=$PROGS/$name.py
    n=${SIZE[$name]}
    echo "== $name $n"
    farm-bench -n "$RUNS" --timeout 600 --vs "$PY $prog $n" -- "$HIPY" run "$prog" "$n" 2>&1 | grep -E "wall|ratio|A/B|peak" | head -8
    echo "  peak RSS KB: hipy $(rss "$HIPY" run "$prog" "$n")  numpy $(rss "$PY" "$prog" "$n")"
done
