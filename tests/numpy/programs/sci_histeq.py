# Contrast enhancement of a synthetic 8-bit image: global histogram
# equalization through a lookup table, a gamma curve, a 3x3 box blur by
# shifted slices, and the Sobel gradient energy before and after.
import sys

import numpy as np


def sobel_energy(img):
    f = img.astype(np.float64)
    gx = (f[:-2, 2:] + 2.0 * f[1:-1, 2:] + f[2:, 2:]) - (f[:-2, :-2] + 2.0 * f[1:-1, :-2] + f[2:, :-2])
    gy = (f[2:, :-2] + 2.0 * f[2:, 1:-1] + f[2:, 2:]) - (f[:-2, :-2] + 2.0 * f[:-2, 1:-1] + f[:-2, 2:])
    return np.sqrt(gx * gx + gy * gy).mean()


def main(n):
    np.random.seed(9)
    y, x = np.mgrid[0:n, 0:n]
    base = 90.0 + 40.0 * np.sin(x / (n / 6.0)) * np.cos(y / (n / 4.0))
    noisy = base + np.random.normal(0.0, 8.0, (n, n))
    img = np.clip(noisy, 0, 255).astype(np.uint8)
    hist = np.bincount(img.ravel(), minlength=256)
    cdf = np.cumsum(hist)
    cdf_min = cdf[np.flatnonzero(cdf)[0]]
    lut = np.round((cdf - cdf_min) / (cdf[-1] - cdf_min) * 255.0)
    lut = np.clip(lut, 0, 255).astype(np.uint8)
    eq = lut[img]
    gamma = (255.0 * (eq / 255.0) ** 0.8).astype(np.uint8)
    pad = np.pad(gamma.astype(np.float64), 1, mode="edge")
    blur = sum(pad[i:i + n, j:j + n] for i in range(3) for j in range(3)) / 9.0
    print("image %dx%d, levels used %d -> %d" % (n, n, np.count_nonzero(hist), np.count_nonzero(np.bincount(eq.ravel()))))
    print("mean %.4f -> %.4f, sd %.4f -> %.4f" % (img.mean(), eq.mean(), img.std(), eq.std()))
    print("percentiles before", np.percentile(img, [1, 50, 99]), "after", np.percentile(eq, [1, 50, 99]))
    print("lut[::32]", lut[::32])
    print("gamma mean %.4f, blur mean %.4f max %.4f" % (gamma.mean(), blur.mean(), blur.max()))
    print("sobel energy %.5f -> %.5f -> %.5f" % (sobel_energy(img), sobel_energy(eq), sobel_energy(blur)))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
