import numpy as np
coef = np.array([2.0, -3.0, 0.5, 1.0])
x = np.linspace(-2, 2, 9)
y = np.zeros_like(x)
for c in coef:
    y = y * x + c
print(y)
powers = x[:, None] ** np.arange(4)[::-1]
print(powers @ coef)
print(np.allclose(y, powers @ coef), np.isclose(y[0], -27.0))
dy = np.gradient(y, x)
print(dy)
