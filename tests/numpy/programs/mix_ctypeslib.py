# numpy.ctypeslib: ctypes types of dtypes, arrays as ctypes objects and
# back (sharing memory), and ndpointer argument checks.
import ctypes
import numpy as np
from numpy import ctypeslib as npc

print(npc.c_intp is ctypes.c_ssize_t, npc.c_intp.__name__)
for d in ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float32", "float64"]:
    print(d, npc.as_ctypes_type(d).__name__)
try:
    npc.as_ctypes_type("float16")
except NotImplementedError as e:
    print("NotImplementedError", e)

a = np.arange(6, dtype=np.int32).reshape(2, 3)
ca = npc.as_ctypes(a)
print(type(ca).__name__, len(ca), len(ca[0]), ca[1][2], ca[-1][0])
ca[0][1] = 42
print(a)
back = npc.as_array(ca)
print(back.dtype, back.shape)
back[1, 0] = -7
print(a, ca[1][0])
p = a.ctypes.data_as(ctypes.POINTER(ctypes.c_int))
v = npc.as_array(p, shape=(3,))
print(v, v.dtype)
v[2] = 11
print(a)
w = npc.as_array(p, (2, 3))
print(w.sum(), (w == a).all())
f = np.linspace(0.0, 2.0, 4)
cf = npc.as_ctypes(f)
print(type(cf).__name__, list(cf))
cf[3] = 0.25
print(f, npc.as_array(cf) * 2)
zero_d = npc.as_ctypes(np.array(5.0))
print(type(zero_d).__name__, zero_d.value)

for bad in [lambda: npc.as_array(p), lambda: npc.as_ctypes(a.T)]:
    try:
        bad()
    except TypeError as e:
        print("TypeError", e)
r = np.arange(3.0)
r.flags.writeable = False
try:
    npc.as_ctypes(r)
except TypeError as e:
    print("TypeError", e)
print(npc.as_array([1, 2, 3]))

P = npc.ndpointer(dtype=np.float64, ndim=1, flags="C_CONTIGUOUS")
print(P.__name__, P._dtype_, P._ndim_, P._shape_, P._flags_)
print(npc.ndpointer(np.int32, shape=(2, 3)).__name__, npc.ndpointer().__name__,
      npc.ndpointer(flags=["C", "W"]).__name__, npc.ndpointer(shape=4).__name__)
print(npc.ndpointer(dtype=np.float64, ndim=1, flags="C_CONTIGUOUS") is P)
x = np.arange(4.0)
print(type(P.from_param(x)).__name__)
for bad in [np.arange(4), np.zeros((2, 2)), [1.0], np.arange(8.0)[::2]]:
    try:
        P.from_param(bad)
    except TypeError as e:
        print("TypeError", e)
try:
    npc.ndpointer(shape=(3,)).from_param(x)
except TypeError as e:
    print("TypeError", e)
try:
    npc.ndpointer(flags="C_CONTIGUOUS,BOGUS")
except KeyError as e:
    print("KeyError", e)
try:
    npc.ndpointer(flags=[1, 2])
except TypeError as e:
    print("TypeError", e)

# ndpointer as the argtypes of a C function (libc's memset).
libc = ctypes.CDLL(None)
memset = libc.memset
memset.restype = ctypes.c_void_p
memset.argtypes = [npc.ndpointer(dtype=np.uint8, flags="C"), ctypes.c_int, ctypes.c_size_t]
buf = np.zeros(8, dtype=np.uint8)
memset(buf, 7, 5)
print(buf)
