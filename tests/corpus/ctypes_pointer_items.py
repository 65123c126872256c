# Items stored and read through ctypes pointers and arrays, converted with
# the item type's own rule (as CPython's ctypes does).
import ctypes

buf = (ctypes.c_double * 4)(1.0, 2.0, 3.0, 4.0)
p = ctypes.cast(buf, ctypes.POINTER(ctypes.c_double))
p[0] = 9.0
p[1] = 7
p[2] = True
p[-0] = p[0] + 0.5
print(list(buf), p[3])
f = ctypes.cast((ctypes.c_float * 2)(), ctypes.POINTER(ctypes.c_float))
f[1] = 0.1
print(f[1], f[0])

ints = (ctypes.c_int * 3)(5, 6, 7)
pi = ctypes.cast(ints, ctypes.POINTER(ctypes.c_int))
pi[1] = -2
pi[2] = 2 ** 32 + 3
print(list(ints))
try:
    pi[0] = 3.5
except TypeError:
    print("TypeError")
print(list(ints))
u8 = ctypes.cast((ctypes.c_ubyte * 2)(), ctypes.POINTER(ctypes.c_ubyte))
u8[0] = 300
print(u8[0])

bools = (ctypes.c_bool * 3)(False, True, False)
pb = ctypes.cast(bools, ctypes.POINTER(ctypes.c_bool))
pb[2] = 1
print(bools[1], pb[1], pb[2], pb[0], type(pb[1]).__name__, type(bools[0]).__name__)

# Items of arrays of arrays are arrays over the same memory.
T = (ctypes.c_int * 3) * 2
t = T()
for i in range(2):
    for j in range(3):
        t[i][j] = 3 * i + j + 1
row = t[1]
print(type(row).__name__, list(row), t[-2][0])
row[0] = 40
print(list(t[1]), [list(r) for r in t])
try:
    t[2]
except IndexError as e:
    print("IndexError", e)
c = ctypes.cast((ctypes.c_char * 2)(b"a", b"b"), ctypes.POINTER(ctypes.c_char))
print(c[1])
