import numpy as np
a = np.arange(24).reshape(2, 3, 4)
print(a[..., 0])
print(a[0, ...])
print(a[:, np.newaxis, :, 0].shape, a[None].shape, a[..., None].shape)
v = np.arange(3)
print(v[:, None], v[None, :])
print(a[1, ..., 2], a[..., 1, :])
print(a[0, 1:, ::2])
