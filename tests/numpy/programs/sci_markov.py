# Stationary distribution of a Markov chain (a random walk with restarts on
# a ring of states), by power iteration and by a linear solve; then a
# simulated trajectory with the legacy seeded API.
import sys

import numpy as np


def transition(m):
    P = np.zeros((m, m))
    i = np.arange(m)
    P[i, (i + 1) % m] = 0.5
    P[i, (i - 1) % m] = 0.3
    P[i, 0] += 0.1
    P[i, i] += 0.1
    return P


def main(n):
    m = 60
    P = transition(m)
    print("rows sum to 1:", bool(np.allclose(P.sum(axis=1), 1.0)))
    pi = np.full(m, 1.0 / m)
    for it in range(5000):
        nxt = pi @ P
        if np.abs(nxt - pi).sum() < 1e-13:
            break
        pi = nxt
    print("power iteration: %d steps" % it)
    A = P.T - np.eye(m)
    A[-1] = 1.0
    b = np.zeros(m)
    b[-1] = 1.0
    exact = np.linalg.solve(A, b)
    print("max difference %.3e" % np.abs(exact - pi).max() if np.abs(exact - pi).max() > 1e-9 else "power and solve agree")
    print("stationary head", np.round(exact[:6], 6))
    print("entropy %.6f" % -(exact * np.log(exact)).sum())
    np.random.seed(3)
    cum = np.cumsum(P, axis=1)
    state = 0
    visits = np.zeros(m, dtype=np.int64)
    u = np.random.random_sample(n)
    for t in range(n):
        state = int(np.searchsorted(cum[state], u[t], side="right"))
        if state >= m:
            state = m - 1
        visits[state] += 1
    freq = visits / n
    print("steps %d, visited %d states" % (n, np.count_nonzero(visits)))
    print("empirical head", np.round(freq[:6], 4))
    print("total variation %.4f" % (0.5 * np.abs(freq - exact).sum()))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
