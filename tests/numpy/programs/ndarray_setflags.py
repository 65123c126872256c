# ndarray.setflags and flags.writeable: NumPy's read-only errors, through
# views too, and the rules for setting WRITEABLE back to True.
import numpy as np


def attempt(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, type(e).__name__, e)


a = np.arange(6.0)
print(a.flags.writeable, a.flags["WRITEABLE"], a.flags["W"])
a.setflags(write=False)
print(a.flags.writeable)
attempt("setitem", lambda: a.__setitem__(0, 1.0))
attempt("slice", lambda: a.__setitem__(slice(1, 3), 7.0))
attempt("mask", lambda: a.__setitem__(a > 2, 0.0))
attempt("fancy", lambda: a.__setitem__([0, 2], 0.0))
attempt("fill", lambda: a.fill(0))
attempt("sort", lambda: a.sort())
attempt("partition", lambda: a.partition(2))
attempt("out", lambda: np.add(a, 1, out=a))
attempt("unary out", lambda: np.negative(a, out=a))
attempt("iadd", lambda: a.__iadd__(1))
attempt("imul", lambda: a.__imul__(2))
attempt("put", lambda: a.put(0, 1.0))
attempt("copyto", lambda: np.copyto(a, 1.0))
attempt("setfield", lambda: a.setfield(1.0, np.float64))
print(a)

# Reading and copying still work; copies are writeable.
b = a * 2
b[0] = 100
print(b, b.flags.writeable, a.copy().flags.writeable)

# Views of a read-only array are read-only, and cannot be made writeable.
v = a[1:4]
r = a.reshape(2, 3)
t = r.T
print(v.flags.writeable, r.flags.writeable, t.flags.writeable)
attempt("view setitem", lambda: v.__setitem__(0, 5.0))
attempt("transpose setitem", lambda: t.__setitem__((0, 0), 5.0))
attempt("view write=True", lambda: v.setflags(write=True))
attempt("view flags.writeable", lambda: setattr(v.flags, "writeable", True))

# Once the owner is writeable again, so can the views be.
a.flags.writeable = True
a[0] = -1.0
print(a, v.flags.writeable)
v.setflags(write=True)
v[0] = 42.0
print(a)

# A view taken before the owner became read-only stays writeable and writes
# into the owner; it cannot be set writeable again after being cleared.
c = np.arange(8)
w = c[::2]
c.flags.writeable = False
print(w.flags.writeable)
w[1] = 99
print(c)
w.flags["W"] = False
attempt("w set", lambda: w.__setitem__(0, 1))
attempt("w write=True", lambda: w.setflags(write=True))

# ALIGNED and WRITEBACKIFCOPY.
d = np.ones(3)
d.setflags(align=False)
print(d.flags.aligned)
d.setflags(align=True)
print(d.flags.aligned)
attempt("uic", lambda: d.setflags(uic=True))
d.setflags(uic=False)
print(d.flags.writebackifcopy)
attempt("flag key", lambda: d.flags["NOPE"])
d.setflags(write=0)
print(d.flags)
attempt("write=0 then set", lambda: d.__setitem__(0, 2))

# A lazy expression result can be made read-only before it is computed.
e = np.arange(5) * 3 + 1
e.setflags(write=False)
attempt("lazy set", lambda: e.__setitem__(0, 0))
print(e.sum(), e)
