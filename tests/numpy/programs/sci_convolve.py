# Image filtering with slicing: a synthetic grey image blurred by a 5x5
# Gaussian kernel (shifted-slice convolution), Sobel gradients, and a
# thresholded edge map with its statistics.
import sys

import numpy as np


def gaussian_kernel(size, sigma):
    ax = np.arange(size) - (size - 1) / 2.0
    g = np.exp(-(ax ** 2) / (2.0 * sigma ** 2))
    k = np.outer(g, g)
    return k / k.sum()


def convolve2d(img, k):
    kh, kw = k.shape
    ph, pw = kh // 2, kw // 2
    padded = np.pad(img, ((ph, ph), (pw, pw)), mode="reflect")
    h, w = img.shape
    out = np.zeros_like(img)
    for i in range(kh):
        for j in range(kw):
            out += k[i, j] * padded[i:i + h, j:j + w]
    return out


def main(n):
    yy, xx = np.mgrid[0:n, 0:n]
    img = ((xx - n * 0.4) ** 2 + (yy - n * 0.5) ** 2 < (n * 0.25) ** 2).astype(np.float64)
    img += 0.5 * ((xx > n * 0.7) & (yy > n * 0.2) & (yy < n * 0.6))
    img += 0.1 * np.sin(xx / 7.0) * np.cos(yy / 5.0)
    blur = convolve2d(img, gaussian_kernel(5, 1.2))
    sx = np.array([[-1.0, 0.0, 1.0], [-2.0, 0.0, 2.0], [-1.0, 0.0, 1.0]])
    gx = convolve2d(blur, sx[::-1, ::-1])
    gy = convolve2d(blur, sx.T[::-1, ::-1])
    mag = np.hypot(gx, gy)
    thr = mag.mean() + 2.0 * mag.std()
    edges = mag > thr
    print("image %dx%d" % img.shape)
    print("blur mean %.6f min %.6f max %.6f" % (blur.mean(), blur.min(), blur.max()))
    print("gradient max %.6f threshold %.6f" % (mag.max(), thr))
    print("edge pixels %d (%.3f%%)" % (edges.sum(), 100.0 * edges.mean()))
    rows = np.flatnonzero(edges.any(axis=1))
    cols = np.flatnonzero(edges.any(axis=0))
    print("edge box rows %d-%d cols %d-%d" % (rows[0], rows[-1], cols[0], cols[-1]))
    angle = np.degrees(np.arctan2(gy[edges], gx[edges]))
    hist, _ = np.histogram(angle, bins=8, range=(-180, 180))
    print("orientation histogram", hist.tolist())


main(int(sys.argv[1]) if len(sys.argv) > 1 else 64)
