"""Times the array work of a benchmark program: its main(n), in-process.

    python array_work.py PROGRAM.py [N] [REPEATS]

Loads PROGRAM.py (not as __main__), calls main(N) REPEATS times with stdout
captured, and prints the program's output once and the per-run wall times.
Interpreter start-up and `import numpy` are not counted. Runs the same under
CPython+NumPy and hipy.
"""
import io
import sys
import time


def main():
    path = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] != "-" else None
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    ns = {"__name__": "bench_program", "__file__": path}
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), ns)
    run = ns["main"]
    if n is None:
        raise SystemExit("pass N explicitly")
    times = []
    cpu = []
    output = None
    for _ in range(repeats):
        saved, sys.stdout = sys.stdout, io.StringIO()
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            run(n)
        finally:
            text, sys.stdout = sys.stdout.getvalue(), saved
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        output = text
    sys.stdout.write(output)
    print("times: " + " ".join("%.3f" % t for t in times) + "  best %.3f" % min(times))
    print("cpu:   " + " ".join("%.3f" % t for t in cpu) + "  best %.3f" % min(cpu))


if __name__ == "__main__":
    main()
