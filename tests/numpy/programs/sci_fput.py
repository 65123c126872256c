# Fermi-Pasta-Ulam-Tsingou chain: n masses joined by nonlinear springs
# (alpha model, fixed ends) integrated by velocity Verlet. Every step
# reduces the kinetic and potential energy to follow the energy error; the
# run ends with the energy shared among the lowest normal modes.
import sys

import numpy as np


def extensions(q):
    # Spring stretches between neighbours; the walls at both ends stay at 0.
    return np.diff(q, prepend=0.0, append=0.0)


def forces(q, alpha):
    d = extensions(q)
    t = d + alpha * d * d
    return t[1:] - t[:-1]


def energy(q, p, alpha):
    d = extensions(q)
    return 0.5 * np.sum(p * p) + np.sum(0.5 * d * d + alpha / 3.0 * d * d * d)


def mode_energies(q, p, count):
    n = q.shape[0]
    j = np.arange(1, n + 1)
    k = np.arange(1, count + 1)
    shapes = np.sqrt(2.0 / (n + 1)) * np.sin(np.pi * np.outer(k, j) / (n + 1))
    omega = 2.0 * np.sin(np.pi * k / (2.0 * (n + 1)))
    Q = shapes @ q
    P = shapes @ p
    return 0.5 * (P * P + (omega * Q) ** 2)


def main(n):
    steps = 300
    alpha = 0.25
    dt = 0.1
    j = np.arange(1, n + 1)
    rng = np.random.default_rng(5)
    # The lowest normal mode, slightly perturbed.
    q = 4.0 * np.sin(np.pi * j / (n + 1)) + 1e-3 * rng.standard_normal(n)
    p = np.zeros(n)
    e0 = energy(q, p, alpha)
    f = forces(q, alpha)
    worst = 0.0
    kinetic_peak = 0.0
    for step in range(steps):
        p += 0.5 * dt * f
        q += dt * p
        f = forces(q, alpha)
        p += 0.5 * dt * f
        worst = max(worst, abs(energy(q, p, alpha) - e0) / e0)
        kinetic_peak = max(kinetic_peak, 0.5 * float(np.sum(p * p)))
    print("chain of %d masses, %d steps of %.2f" % (n, steps, dt))
    print("initial energy %.6f" % e0)
    print("relative energy error below %.1e" % (10.0 ** np.ceil(np.log10(worst))))
    print("peak kinetic energy %.6f" % kinetic_peak)
    print("largest displacement %.6f at mass %d" % (np.abs(q).max(), np.abs(q).argmax()))
    em = mode_energies(q, p, 4)
    print("mode energy shares", " ".join("%.4e" % v for v in em / em.sum()))
    print("momentum sum %.6f" % p.sum())


main(int(sys.argv[1]) if len(sys.argv) > 1 else 400)
