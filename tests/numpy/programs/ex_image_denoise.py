# Denoising a synthetic 8-bit image: reflect-padded 3x3 box and median
# filters from shifted views, a linear-ramp vignette border, quantile
# binning with searchsorted, and a lexsort ranking of the image tiles.
import numpy as np

rng = np.random.default_rng(7)
h, w = 20, 28
yy, xx = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
clean = (100 + 60 * np.sin(xx / 5.0) * np.cos(yy / 7.0)).astype(np.uint8)
noisy = clean.astype(np.int16) + rng.integers(-25, 26, size=(h, w))
salt = rng.random((h, w)) < 0.04
noisy[salt] = 255
img = np.clip(noisy, 0, 255).astype(np.uint8)
print(img.dtype, img.shape, int(img.min()), int(img.max()), np.count_nonzero(img == 255))

p = np.pad(img.astype(np.float64), 1, mode="reflect")
windows = np.stack([p[i:i + h, j:j + w] for i in range(3) for j in range(3)])
box = windows.mean(axis=0)
med = np.median(windows, axis=0)
err_box = np.abs(box - clean).mean()
err_med = np.abs(med - clean).mean()
print("mean abs error noisy %.3f box %.3f median %.3f" % (np.abs(img - clean.astype(float)).mean(), err_box, err_med))
print(med[4, :10].astype(np.uint8), np.round(box[4, :6], 2))

framed = np.pad(med.astype(np.uint8), ((2, 2), (3, 3)), mode="linear_ramp", end_values=0)
print(framed.shape, framed.dtype, framed[0, :8], framed[:5, 3])
sym = np.pad(img[:3, :4], 2, mode="symmetric")
print(sym)

edges = np.quantile(med, [0.2, 0.4, 0.6, 0.8])
levels = np.searchsorted(edges, med, side="right").astype(np.uint8)
print("quantile edges", edges, "level counts", np.bincount(levels.ravel(), minlength=5))

tiles = med.reshape(h // 4, 4, w // 4, 4).swapaxes(1, 2).reshape(-1, 16)
tmean = np.round(tiles.mean(axis=1), 1)
tspread = np.ptp(tiles, axis=1)
order = np.lexsort((-tspread, tmean))
print("darkest tiles", order[:5], tmean[order[:5]], tspread[order[:5]])
print("brightest tiles", order[-3:], tmean[order[-3:]])
ranks = np.empty_like(order)
ranks[order] = np.arange(order.size)
print(ranks.reshape(h // 4, w // 4))
