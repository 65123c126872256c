# astype between str/bytes and numbers (NumPy's text of each number).
import numpy as np

print(repr(np.arange(3).astype(str)), repr(np.array([1.5, 2.0, 1e20, np.nan]).astype(str)))
print(repr(np.array([True, False]).astype('U3')), repr(np.array([True, False]).astype(str)))
print(repr(np.array([0.1, 1 / 3], dtype=np.float32).astype(str)))
print(repr(np.array([1.0, 2.5e-7, 1e16, -0.0, np.inf, -np.inf]).astype(str)))
print(repr(np.array([-5, 0, 123456789]).astype('U4')), repr(np.array([1, 2, 3]).astype('S')))
for d in ['bool', 'int8', 'uint8', 'int16', 'uint16', 'int32', 'uint32', 'int64', 'uint64', 'float16', 'float32', 'float64']:
    print(d, np.zeros(1, d).astype(str).dtype, np.zeros(1, d).astype('S').dtype, np.ones(2, d).astype(str))
print(repr(np.array(['1', '2']).astype(int)), repr(np.array(['1.5', ' 2']).astype(float)), np.array(['1', '2']).astype(np.int32).dtype)
print(repr(np.array(['1e3', 'inf', '-2.5']).astype(float)), repr(np.array([' 12 ', '-3']).astype(int)))
print(repr(np.array(['True', '', 'False']).astype(bool)))
print(repr(np.array([b'a', b'bc']).astype(str)), repr(np.array(['a', 'bc']).astype('S')), repr(np.array(['abc']).astype('U2')))
print(repr(np.array(['abc', 'd']).astype('U6')), repr(np.array(['7', '8'], dtype='S').astype(int)))
print(repr(np.array([[1, 2], [3, 4]]).astype(str)), repr(np.array(['1', '2', '3']).astype(float).sum()))
x = np.array(['3', '1', '2']).astype(int)
print(x * 2, x.dtype)
print(repr(np.array(np.arange(3), dtype=str)), repr(np.array(np.array([1.5, 2.5]), dtype='U4')))
