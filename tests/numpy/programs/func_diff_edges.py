# np.diff with prepend= / append=: scalars broadcast to one slice along the
# axis, arrays joined as they are, dtype promotion of the joined values,
# higher orders, other axes, n=0, and mismatched shapes.
import numpy as np

q = np.array([1.0, 4.0, 9.0, 16.0])
print(np.diff(q, prepend=0.0), np.diff(q, append=0.0), np.diff(q, prepend=0.0, append=0.0))
print(np.diff(q, n=2, prepend=[0.0, 0.0]), np.diff(q, n=0, prepend=5.0))
i = np.array([3, 1, 4, 1, 5])
print(np.diff(i, prepend=0), np.diff(i, prepend=0).dtype, np.diff(i, append=0.5), np.diff(i, append=0.5).dtype)
m = np.arange(12).reshape(3, 4)
print(np.diff(m, axis=0, prepend=0))
print(np.diff(m, axis=1, append=[[1], [2], [3]]))
print(np.diff(m, prepend=np.array([[10], [20], [30]]), n=2))
b = np.array([True, False, False, True])
print(np.diff(b, prepend=False), np.diff(b, append=True))
try:
    np.diff(m, axis=0, prepend=[1, 2])
except ValueError as e:
    print("ValueError:", e)
