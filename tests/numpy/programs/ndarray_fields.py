# ndarray.getfield / setfield: a field of each item given by a dtype and a
# byte offset.
import numpy as np


def attempt(label, f):
    try:
        r = f()
        print(label, "->", r)
    except Exception as e:
        print(label, type(e).__name__, e)


a = np.array([1.0, -2.5, 1e300, 0.1])
print(a.getfield(np.float64))
print(a.getfield(np.int32, 4))
print(a.getfield(np.uint32))
print(a.getfield(np.uint8, 7))
print(a.getfield(np.int64).dtype, a.getfield(np.int64))
attempt("offset", lambda: a.getfield(np.float64, 1))
attempt("larger", lambda: np.ones(2, dtype=np.float32).getfield(np.float64))
attempt("past end", lambda: a.getfield(np.int32, 6))
attempt("negative", lambda: a.getfield(np.int32, -1))

# Same dtype at offset 0: a view of the array.
v = a.getfield(np.float64)
v[0] = 7.0
print(a)

i = np.arange(6, dtype=np.int32).reshape(2, 3) * 1000
print(i.getfield(np.int16), i.getfield(np.int16, 2))
print(i.getfield(np.uint8, 1))

# setfield: the value is cast to the field's dtype and written into it.
x = np.zeros(3)
x.setfield(np.arange(3), np.int32, 4)
print(x.view(np.float64), x.getfield(np.int32, 4), x.getfield(np.int32, 0))
y = np.zeros(4, dtype=np.int32)
y.setfield(255, np.uint8, 1)
print(y)
y.setfield([1, 2, 3, 4], np.int16, 2)
print(y)
z = np.arange(4.0)
z.setfield(2.9, np.float64)
print(z)
z.setfield(np.array([1.5, 2.5, 3.5, 4.5]), np.int64)
print(z.getfield(np.int64))
attempt("set offset", lambda: z.setfield(1, np.int32, 6))
m = np.ones((2, 2), dtype=np.int64)
m.setfield(np.array([[1], [2]]), np.int32, 4)
print(m)
