#!/bin/bash
# Side-by-side timings of the shared numpy benchmarks (np_temporaries,
# np_blackscholes, np_haversine) under CPython+NumPy, numexpr (the fused
# anchor), hipy lazy and hipy with HIPY_LAZY=off.
#
#   tests/numpy/bench/compare.sh HIPY [VENV_PYTHON] [REPEATS]
#
# HIPY is a command that runs a script (`/work/target/release/hipy run` or
# stdlib-shims' example runner). For every run it prints the best of REPEATS:
# whole-process wall time, CPU time (user+sys, all threads) and peak RSS
# (/usr/bin/time), and the wall and CPU time of the program's main(n) run
# in-process (array_work.py: start-up and imports excluded; later repeats
# run with a warm allocator, which favours NumPy's eager temporaries).
set -u
HIPY=${1:?usage: compare.sh HIPY [VENV_PYTHON] [REPEATS]}
PY=${2:-/work/venv-np/bin/python}
REPEATS=${3:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
BENCH=${BENCH:-/work/shared/bench}

best() { sort -g | head -1; }

measure() {  # label env command...
    local label=$1 env=$2; shift 2
    local walls=() rss=() cpus=()
    for _ in $(seq "$REPEATS"); do
        local t
        t=$( { env $env /usr/bin/time -f "%e %M %U %S" "$@" > /dev/null; } 2>&1 | tail -1)
        read -r w r u s <<< "$t"
        walls+=("$w"); rss+=("$r"); cpus+=("$(echo "$u + $s" | bc)")
    done
    printf "  %-20s wall %6.3f s  cpu %6.3f s  peak RSS %7d KB" "$label" \
        "$(printf '%s\n' "${walls[@]}" | best)" "$(printf '%s\n' "${cpus[@]}" | best)" \
        "$(printf '%s\n' "${rss[@]}" | best)"
}

for prog in temporaries blackscholes haversine; do
    case $prog in
        temporaries) n=10000000 ;;
        blackscholes) n=4000000 ;;
        haversine) n=5000000 ;;
    esac
    echo "np_$prog (n=$n)"
    for spec in "cpython+numpy||$PY|$BENCH/np_$prog.py" \
                "numexpr||$PY|$HERE/ne_$prog.py" \
                "hipy lazy|HIPY_LAZY=on|$HIPY|$BENCH/np_$prog.py" \
                "hipy HIPY_LAZY=off|HIPY_LAZY=off|$HIPY|$BENCH/np_$prog.py"; do
        IFS='|' read -r label env cmd script <<< "$spec"
        measure "$label" "$env" $cmd "$script" "$n"
        out=$(env $env $cmd "$HERE/array_work.py" "$script" "$n" "$REPEATS" 2>/dev/null)
        w=$(echo "$out" | grep '^times:' | sed 's/.*best //')
        c=$(echo "$out" | grep '^cpu:' | sed 's/.*best //')
        printf "   main(n) best %s s (cpu %s s)\n" "$w" "$c"
    done
done
