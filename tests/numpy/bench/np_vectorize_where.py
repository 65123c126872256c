# benches/programs/np_vectorize.py written by hand with np.where (the
# yardstick for staged np.vectorize: same values, same output).
import sys
import numpy as np


def main(n):
    x = (np.arange(n, dtype=np.float64) * 0.6180339887498949) % 1.0
    y = np.where(x < 0.2, np.sqrt(x) * 2.0,
                 np.where(x < 0.7, np.minimum(x * 3.0, np.exp(x)) - 1.0, np.maximum(np.log(x + 1.0), 0.5) / 3.0))
    r = np.abs(y - 0.25)
    print(r.dtype, r.shape)
    print("%.6f %.6f %.6f" % (float(r.sum()), float(r.min()), float(r.max())))
    print(int((r > 0.3).sum()), [float(v).hex() for v in r[:3]])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)
