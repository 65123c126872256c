import numpy as np
print(np.array([1, -20, 300]))
print(np.array([[1, 2], [300, -4000]]))
print(repr(np.array([1, 2], dtype=np.int32)), repr(np.array([1, 2])))
print(np.array([True, False]), repr(np.array([False, True])))
print(np.array([[True], [False]]))
print(repr(np.array([1.5], dtype=np.float32)), repr(np.array([1, 2], dtype=np.float32)))
print(repr(np.zeros(3, dtype=bool)))
