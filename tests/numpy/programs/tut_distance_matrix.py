import numpy as np
pts = np.array([[0.0, 0.0], [3.0, 4.0], [6.0, 8.0], [1.0, 1.0]])
diff = pts[:, None, :] - pts[None, :, :]
dist = np.sqrt((diff ** 2).sum(axis=-1))
print(dist)
print(dist.argmax(), dist.max(), np.round(dist.mean(), 4))
nearest = np.argsort(dist, axis=1)[:, 1]
print(nearest)
