import numpy as np
print(np.arange(40))
print(np.linspace(0, 1, 20))
print(repr(np.linspace(0, 1, 20)))
print(np.arange(30).reshape(2, 15) * 1000)
print(repr(np.arange(30, dtype=float).reshape(3, 10)))
print(np.array([123456.789] * 12))
