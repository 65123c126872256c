# a @= b: the product stored into a (NumPy's matmul with out=a), with
# NumPy's errors for a shape or dtype the result does not fit.
import numpy as np

a = np.arange(4.0).reshape(2, 2)
view = a
a @= np.array([[0.0, 1.0], [1.0, 0.0]])
print(a, view is a)
s = np.ones((2, 2, 2))
s @= np.array([[1.0, 2.0], [3.0, 4.0]])
print(s)
v = np.array([1.0, 2.0])
v @= np.array([[2.0, 0.0], [1.0, 1.0]])
print(v)
i = np.eye(2, dtype=np.int64)
i @= np.array([[2, 3], [4, 5]])
print(i, i.dtype)
f32 = np.ones((2, 2), dtype=np.float32)
f32 @= np.eye(2)
print(f32, f32.dtype)
for x, y in [(np.ones((2, 2)), np.ones((2, 3))), (np.ones((2, 2)), np.ones(2)),
             (np.ones((2, 2), dtype=np.int64), np.ones((2, 2))), (np.ones((2, 3)), np.ones((2, 3)))]:
    try:
        x @= y
        print(x)
    except Exception as e:
        print(type(e).__name__, e)
