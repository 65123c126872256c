# A k-nearest-neighbour classifier: three Gaussian clusters, a distance
# matrix by broadcasting, argpartition/argsort for the neighbours, bincount
# for the vote, a confusion matrix with np.add.at.
import numpy as np

rng = np.random.default_rng(3)
centers = np.array([[0.0, 0.0], [3.0, 3.0], [0.0, 4.0]])
per = 40
X = np.concatenate([c + rng.normal(size=(per, 2)) for c in centers])
y = np.repeat(np.arange(3), per)
order = np.argsort(rng.random(X.shape[0]))
X, y = X[order], y[order]
split = 90
Xtr, ytr, Xte, yte = X[:split], y[:split], X[split:], y[split:]
print(Xtr.shape, Xte.shape, np.bincount(ytr))

mu = Xtr.mean(axis=0)
sd = Xtr.std(axis=0)
Ztr = (Xtr - mu) / sd
Zte = (Xte - mu) / sd
d2 = ((Zte[:, np.newaxis, :] - Ztr[np.newaxis, :, :]) ** 2).sum(axis=2)
print(d2.shape, round(float(d2.min()), 6))

for k in (1, 3, 5, 7):
    nn = np.argsort(d2, axis=1, kind="stable")[:, :k]
    votes = ytr[nn]
    pred = np.array([np.bincount(v, minlength=3).argmax() for v in votes])
    acc = np.mean(pred == yte)
    conf = np.zeros((3, 3), dtype=np.int64)
    np.add.at(conf, (yte, pred), 1)
    print("k", k, "accuracy", round(float(acc), 4))
    print(conf)

near = np.argpartition(d2[0], 5)[:5]
print("5 nearest of first test point (sorted):", np.sort(near), np.sort(d2[0])[:3].round(5))
dist = np.sqrt(d2)
print("mean distance per class:", [round(float(dist[:, ytr == c].mean()), 5) for c in range(3)])
