# Logistic regression by batch gradient descent on a synthetic data set
# (legacy seeded draws): sigmoid, log-loss, gradient by matrix products,
# L2 penalty, and the held-out accuracy and confusion counts.
import sys

import numpy as np


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def main(n):
    np.random.seed(11)
    d = 8
    true_w = np.linspace(-2.0, 2.0, d)
    x = np.random.standard_normal((n, d))
    x[:, 0] = 1.0
    noise = np.random.logistic(0.0, 1.0, n)
    y = (x @ true_w + noise > 0.0).astype(np.float64)
    split = int(n * 0.8)
    xtr, ytr, xte, yte = x[:split], y[:split], x[split:], y[split:]
    w = np.zeros(d)
    lr, lam = 0.5, 1e-3
    for it in range(201):
        p = sigmoid(xtr @ w)
        grad = xtr.T @ (p - ytr) / split + lam * w
        w -= lr * grad
        if it % 50 == 0:
            eps = 1e-12
            loss = -np.mean(ytr * np.log(p + eps) + (1.0 - ytr) * np.log(1.0 - p + eps))
            print("iter %3d loss %.6f |grad| %.3e" % (it, loss, np.sqrt(grad @ grad)))
    print("weights", np.round(w, 3))
    pred = sigmoid(xte @ w) > 0.5
    truth = yte > 0.5
    tp = int(np.count_nonzero(pred & truth))
    fp = int(np.count_nonzero(pred & ~truth))
    fn = int(np.count_nonzero(~pred & truth))
    tn = int(np.count_nonzero(~pred & ~truth))
    print("test accuracy %.4f  tp %d fp %d fn %d tn %d" % ((tp + tn) / (n - split), tp, fp, fn, tn))
    print("precision %.4f recall %.4f" % (tp / (tp + fp), tp / (tp + fn)))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
