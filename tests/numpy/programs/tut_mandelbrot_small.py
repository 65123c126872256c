import numpy as np
xs = np.linspace(-2.0, 0.5, 40)
ys = np.linspace(-1.0, 1.0, 20)
cr = np.ones((20, 1)) * xs
ci = ys[:, None] * np.ones(40)
zr = np.zeros_like(cr)
zi = np.zeros_like(ci)
count = np.zeros(cr.shape, dtype=int)
for _ in range(20):
    inside = zr * zr + zi * zi <= 4.0
    count += inside
    zr, zi = np.where(inside, zr * zr - zi * zi + cr, zr), np.where(inside, 2 * zr * zi + ci, zi)
print(count.sum(), count.max(), count[10, ::5])
