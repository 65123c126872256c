import numpy as np
u = np.zeros(50)
u[20:30] = 100.0
alpha = 0.25
for _ in range(100):
    u[1:-1] = u[1:-1] + alpha * (u[2:] - 2 * u[1:-1] + u[:-2])
print(np.round(u[15:35], 3))
print(round(float(u.sum()), 6), u.argmax())
