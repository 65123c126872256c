# Overhead of laziness in Python loops over small and mid-size arrays:
# every value is observed right after it is computed.
import sys
import time
import numpy as np


def main(n):
    t0 = time.perf_counter()
    small = np.array([1.0, 2.0, 3.0])
    acc = 0.0
    for i in range(n):
        v = small * i + 1.0
        acc += float(v.sum())
    t1 = time.perf_counter()
    mid = np.linspace(0.0, 1.0, 10000)
    total = 0.0
    for i in range(n // 20):
        w = np.sqrt(mid * i + 1.0)
        total += float(w[5000])
    t2 = time.perf_counter()
    print("%.6f %.6f" % (acc, total))
    print("small %.3f s, mid %.3f s" % (t1 - t0, t2 - t1), file=sys.stderr)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000)
