import numpy as np
a = np.array([2**31 - 1], dtype=np.int32)
print(a + 1)
b = np.array([2**62], dtype=np.int64)
print(b * 4)
try:
    np.array([1, 2], dtype=np.int32) + 2**40
except OverflowError as e:
    print("OverflowError:", e)
print(np.array([-5, 5]) // 3, np.array([-5, 5]) % 3)
print(np.array([7, -7]) // np.array([2, 2]), np.array([7, -7]) % np.array([-2, -2]))
