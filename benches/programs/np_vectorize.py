# np.vectorize of a piecewise function (if/elif/else, comparisons,
# arithmetic, math functions, min/max) over a million elements.
import math
import sys
import numpy as np


def piecewise(x):
    if x < 0.2:
        y = math.sqrt(x) * 2.0
    elif x < 0.7:
        y = min(x * 3.0, math.exp(x)) - 1.0
    else:
        y = max(math.log(x + 1.0), 0.5) / 3.0
    return abs(y - 0.25)


def main(n):
    x = (np.arange(n, dtype=np.float64) * 0.6180339887498949) % 1.0
    r = np.vectorize(piecewise)(x)
    print(r.dtype, r.shape)
    print("%.6f %.6f %.6f" % (float(r.sum()), float(r.min()), float(r.max())))
    print(int((r > 0.3).sum()), [float(v).hex() for v in r[:3]])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
