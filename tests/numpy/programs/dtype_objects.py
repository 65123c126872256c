import numpy as np
a = np.arange(3)
print(a.dtype, repr(a.dtype), a.dtype.name, a.dtype.itemsize, a.dtype.kind)
print(a.dtype == np.int64, a.dtype == 'int64', a.dtype == int, a.dtype == np.float64)
f = np.zeros(2, dtype=np.float32)
print(f.dtype, f.dtype == np.float32, f.dtype.itemsize, f.itemsize, f.nbytes)
print(np.dtype('float64'), repr(np.dtype(np.int32)), np.dtype(float) == np.float64)
print(np.array([True]).dtype, np.array([True]).dtype.kind)
print(str(np.dtype('int32')), np.dtype('bool'))
