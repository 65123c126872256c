import numpy as np
print(np.eye(3))
print(np.eye(2, 4))
print(np.eye(4, k=1))
print(np.eye(3, k=-1, dtype=int))
print(np.identity(3))
print(np.identity(2, dtype=int))
