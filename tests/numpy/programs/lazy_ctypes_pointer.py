# ndarray.ctypes: the data's address stays valid while the ctypes objects
# that carry it live; writes through it are seen by the array, writes to
# the array are seen through it, and pending expressions keep the values
# they were built from.
import ctypes
import numpy as np

a = np.arange(6.0).reshape(2, 3)
c = a.ctypes
print(type(c).__name__, type(c).__module__)
print(list(c.shape), list(c.strides), type(c.shape).__name__)
print(list(c.shape_as(ctypes.c_int)), list(c.strides_as(ctypes.c_short)))
print(type(c._as_parameter_).__name__, c._as_parameter_.value == c.data)
print(isinstance(c.data, int), c.data == a.ctypes.data)

p = c.data_as(ctypes.POINTER(ctypes.c_double))
print(p._arr is a, p[0], p[4])
p[2] = 9.0
p[3] = -1
p[1] = 2.5
print(a)

# A pending expression reads the values it was built from.
b = a * 2
s = a.sum()
p[0] = 100.0
print(b)
print(s)
print(a)

# Writes to the array (element, slice, in place, through a view) are seen
# through the pointer.
a[1, 1] = 55.0
print(p[4])
a[0, :] = [7.0, 8.0, 9.5]
print(p[0], p[1], p[2])
a += 1
print(p[0], p[5])
row = a[1]
row *= 10
print(p[3], p[4], p[5])
np.multiply(a, 0.5, out=a)
print([p[i] for i in range(6)])
a[...] = a + a[::-1]
print([p[i] for i in range(6)])

# A lazy chain on the pinned array, then a write through the pointer.
t = np.sqrt(a) + 1.0
u = t * t
p[5] = 0.0
print(u)
print(a[1, 2], a.max())

# The pointer keeps the memory alive after the other names go.
q = np.linspace(0.0, 1.0, 5).ctypes.data_as(ctypes.POINTER(ctypes.c_double))
print([q[i] for i in range(5)])

# Pending arrays are computed first; views point into their base.
base = np.arange(10, dtype=np.int32) * 3
x = base[2:8:2]
px = x.ctypes.data_as(ctypes.POINTER(ctypes.c_int))
print(px[0], px[2], list(x.ctypes.strides), x.ctypes.data - base.ctypes.data)
px[1] = -4
print(base, x)
t = base.T[::-1]
print(list(t.ctypes.strides), t.ctypes.data - base.ctypes.data)

# 0-d arrays have no shape or strides here.
z = np.array(3.0)
print(z.ctypes.shape, z.ctypes.strides, z.ctypes.data_as(ctypes.POINTER(ctypes.c_double))[0])

# Other dtypes.
for dt, ct, v in [(np.float32, ctypes.c_float, 1.5), (np.int64, ctypes.c_long, -9), (np.uint8, ctypes.c_ubyte, 200),
                  (np.int16, ctypes.c_short, -300), (np.bool_, ctypes.c_bool, True)]:
    arr = np.zeros(3, dtype=dt)
    ptr = arr.ctypes.data_as(ctypes.POINTER(ct))
    ptr[1] = v
    print(arr.dtype, arr, ptr[1])

# Storing a float through an int pointer is a TypeError, as in CPython.
pi = np.zeros(2, dtype=np.int32).ctypes.data_as(ctypes.POINTER(ctypes.c_int))
try:
    pi[0] = 3.5
except TypeError:
    print("TypeError")

# C code writing the memory (libc through ctypes).
d = np.linspace(0.0, 1.0, 5)
before = d + 0.0
ctypes.memmove(d.ctypes.data, (ctypes.c_double * 2)(8.5, 9.5), 16)
ctypes.memset(d.ctypes.data + 32, 0, 8)
print(d, before)
r = np.arange(4.0)
ra = r.ctypes
try:
    r.resize(8)
except ValueError as e:
    print("ValueError", e)

# A bare address stays the array's: later writes (in place or not, with
# pending readers) do not move the data away from it.
m = np.arange(4.0)
addr = m.ctypes.data
pending = m * 10
m += 1
m[0] = -5.0
ctypes.memset(addr + 24, 0, 8)
print(m, pending)
m[...] = pending
print(list((ctypes.c_double * 4).from_address(addr)))
