import numpy as np
print(np.arange(0, 1, 0.1))
print(np.arange(0.5, 3.0, 0.5))
print(np.arange(1, 2, 0.3), np.arange(-3, 3, 1.5))
print(repr(np.arange(0, 0.5, 0.1)[3]), np.arange(10.0, 0.0, -2.5))
print(np.arange(0, 5, 1, dtype=np.float32))
