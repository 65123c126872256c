# numexpr version of np_temporaries.py (the fused-evaluation anchor).
import sys
import numpy as np
import numexpr as ne


def main(n):
    a = np.arange(n, dtype=np.float64) / n
    b = np.ones(n) * 0.5
    c = np.linspace(0.0, 1.0, n)
    x = ne.evaluate("a + b + c")
    y = ne.evaluate("x * 2.0 - a * b + c / 3.0")
    z = ne.evaluate("sqrt(y * y + 1.0) - exp(-a)")
    print("%.6f" % float(z.sum()))
    print("%.6f" % float(ne.evaluate("where(x > y, x, y)").mean()))
    w = ne.evaluate("where(z > 1.0, z, -z)")
    print("%.6f %.6f" % (float(w.min()), float(w.max())))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000)
