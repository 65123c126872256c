import numpy as np
print(np.array([1e100, 1.0]), np.array([2.0**60, 1.0]))
print(np.array([9007199254740993, 1]), np.array([123456789012345678]))
print(np.array([1.7976931348623157e308, 5e-324]))
print(np.float64(1e308) * 10, -np.float64(1e308) * 10)
print(np.array([1e-300, 1e-310]))
