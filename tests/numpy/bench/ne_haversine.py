# numexpr version of np_haversine.py (the fused-evaluation anchor).
import sys
import numpy as np
import numexpr as ne


def main(n):
    i = np.arange(n, dtype=np.float64)
    lat = ne.evaluate("(i * 0.37) % 180.0 - 90.0")
    lon = ne.evaluate("(i * 0.91) % 360.0 - 180.0")
    lat1, lon1, r, k = 40.67, -73.94, 6371.0, np.pi / 180.0
    d = ne.evaluate(
        "2 * r * arcsin(sqrt(sin((lat - lat1) * k / 2) ** 2"
        " + cos(lat1 * k) * cos(lat * k) * sin((lon - lon1) * k / 2) ** 2))"
    )
    print("%.3f %.3f %.3f" % (float(d.mean()), float(d.min()), float(d.max())))
    near = d[d < 1000.0]
    print(len(near))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5_000_000)
