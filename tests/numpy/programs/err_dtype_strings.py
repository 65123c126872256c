import numpy as np
try:
    np.zeros(2, dtype='complex77')
except TypeError as e:
    print("TypeError:", e)
print(np.zeros(2, dtype='float32').dtype, np.ones(2, dtype='int32').dtype, np.zeros(2, dtype='bool').dtype)
print(np.array([1, 2], dtype='f8').dtype, np.array([1, 2], dtype='i4').dtype)
