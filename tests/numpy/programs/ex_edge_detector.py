# An image edge detector: a synthetic 8-bit image, Sobel gradients from
# shifted slices of the padded image, magnitude, thresholding, statistics.
import numpy as np

h, w = 24, 32
yy, xx = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
img = ((xx * 4 + yy * 2) % 256).astype(np.uint8)
img[6:14, 8:20] = 220                     # a bright rectangle
img[(yy - 16) ** 2 + (xx - 24) ** 2 < 20] = 30  # a dark disc
print(img.dtype, img.shape, img.min(), img.max(), repr(img[10, 5:12]))

f = img.astype(np.float64)
p = np.pad(f, 1, mode="edge")
gx = (p[:-2, 2:] + 2 * p[1:-1, 2:] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[1:-1, :-2] + p[2:, :-2])
gy = (p[2:, :-2] + 2 * p[2:, 1:-1] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[:-2, 1:-1] + p[:-2, 2:])
mag = np.hypot(gx, gy)
print(mag.shape, round(float(mag.max()), 4), round(float(mag.mean()), 4))

scaled = np.clip(mag / mag.max() * 255, 0, 255).astype(np.uint8)
print(repr(scaled[5:8, 6:12]))
thr = np.percentile(scaled, 90)
edges = scaled >= thr
print("threshold", thr, "edge pixels", np.count_nonzero(edges))
hist = np.bincount(scaled.ravel() >> 5, minlength=8)
print("histogram of magnitude / 32:", hist)
direction = np.degrees(np.arctan2(gy, gx))
bins = ((direction + 180) // 45).astype(np.int64) % 8
print("direction bins:", np.bincount(bins[edges], minlength=8))
rows = np.flatnonzero(edges.any(axis=1))
cols = np.flatnonzero(edges.any(axis=0))
print("bounding box rows", rows.min(), rows.max(), "cols", cols.min(), cols.max())
inv = ~scaled
print(repr(inv[0, :8]), (scaled // 64).astype(np.uint8)[::6, ::8])
for r in range(0, h, 3):
    print("".join(" .:-=+*#%@"[v] for v in (scaled[r, ::2] // 26).tolist()))
