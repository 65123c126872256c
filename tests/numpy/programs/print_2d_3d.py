import numpy as np
print(np.arange(12).reshape(3, 4))
print(np.arange(24).reshape(2, 3, 4))
print(repr(np.arange(24).reshape(2, 3, 4)))
print(np.linspace(0, 1, 6).reshape(2, 3))
print(repr(np.linspace(0, 1, 6).reshape(3, 2)))
print(np.arange(4).reshape(1, 1, 4, 1))
