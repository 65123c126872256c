# Jacobi relaxation on a square grid (issue 16's stencil): every step replaces
# the interior with the mean of its four neighbours, slices of the same array
# written back through a slice, so the right-hand side must read old values.
import sys
import numpy as np


def main(n, steps=200):
    u = np.zeros((n, n))
    u[0, :] = 1.0
    u[:, 0] = np.linspace(0.0, 1.0, n)
    for _ in range(steps):
        u[1:-1, 1:-1] = 0.25 * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:])
    print("%.12f %.12f" % (float(u.sum()), float(u[1:-1, 1:-1].sum())))
    print("%.12f %.12f %.12f" % (float(u[10, 10]), float(u[n // 4, 3]), float(u[1:-1, 1:-1].max())))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
