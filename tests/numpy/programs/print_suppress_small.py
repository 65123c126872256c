import numpy as np
print(np.array([1e-8, 1.0, 2.0]))
print(np.array([1e-3, 5e-4]))
print(np.array([0.001, 1000.0]))
print(np.array([1e-20, 1e20]))
print(np.array([1.5e-5, 2.5e-5]))
print(np.array([3.0, 1e8]), np.array([3.0, 1e7]))
print(np.linspace(0, 1e-5, 4))
