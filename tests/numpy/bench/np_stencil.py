# Jacobi relaxation on a square grid: every step replaces the interior with
# the mean of its four neighbours (slices of the same array, written back
# through a slice). The stencil of issue 16.
import sys
import numpy as np


def main(n, steps=200):
    u = np.zeros((n, n))
    u[0, :] = 1.0
    u[:, 0] = 0.5
    for _ in range(steps):
        u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    print("%.10f %.10f %.10f" % (float(u.sum()), float(u[n // 2, n // 2]), float(u[1:-1, 1:-1].max())))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500,
         int(sys.argv[2]) if len(sys.argv) > 2 else 200)
