import numpy as np
x = np.array([3.0, 5.0, 2.0, 8.0, 7.0, 1.0, 9.0, 4.0, 6.0, 10.0])
w = 3
c = np.cumsum(np.concatenate(([0.0], x)))
ma = (c[w:] - c[:-w]) / w
print(ma)
print(np.diff(x), np.diff(x) > 0, (np.diff(x) > 0).sum())
ema = np.zeros_like(x)
ema[0] = x[0]
for i in range(1, len(x)):
    ema[i] = 0.5 * x[i] + 0.5 * ema[i - 1]
print(ema)
