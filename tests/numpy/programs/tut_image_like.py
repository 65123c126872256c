import numpy as np
img = np.arange(64, dtype=float).reshape(8, 8)
print(img[2:5, 2:5])
flipped = img[::-1, :]
print(flipped[0], img[:, ::-1][0])
thresh = (img > 31).astype(int)
print(thresh.sum(), thresh[3:5])
pooled = img.reshape(4, 2, 4, 2).max(axis=(1, 3))
print(pooled)
blur = (img[:-2, :-2] + img[1:-1, 1:-1] + img[2:, 2:]) / 3
print(blur.shape, blur[0, :3])
img[img > 60] = 0
print(img[-1])
