"""Times the call `np.vectorize(piecewise)(x)` of benches/programs/np_vectorize.py
in-process, x (10**6 float64) computed beforehand; under hipy the result is
forced inside the timed region (hipy.evaluate), so lazy work is counted.

    python vectorize_call.py [N] [REPEATS]

Prints the first call's time (staging and imports included) and the best
wall and CPU times of the others. Runs the same under CPython+NumPy and hipy.
"""
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "benches", "programs"))
import numpy as np
from np_vectorize import piecewise

try:
    import hipy
    force = hipy.evaluate
except ImportError:
    def force(r):
        return r


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    x = force((np.arange(n, dtype=np.float64) * 0.6180339887498949) % 1.0)
    walls, cpus = [], []
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        r = force(np.vectorize(piecewise)(x))
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    print("%.6f" % float(r.sum()))
    print("first call: %.2f ms" % (walls[0] * 1e3))
    print("best of the other %d: wall %.2f ms, cpu %.2f ms" % (repeats - 1, min(walls[1:]) * 1e3, min(cpus[1:]) * 1e3))


if __name__ == "__main__":
    main()
