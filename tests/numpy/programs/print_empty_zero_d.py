import numpy as np
print(np.array([]), repr(np.array([])))
print(np.zeros((0, 3)), repr(np.zeros((0, 3))))
print(repr(np.array([], dtype=int)))
print(np.array(3.5), repr(np.array(3.5)), repr(np.array(2)), repr(np.array(True)))
print(np.zeros((2, 0)), repr(np.zeros((2, 0), dtype=np.int32)))
print(str(np.array(1e20)), repr(np.array(-0.0)))
