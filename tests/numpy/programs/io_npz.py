# np.savez / np.savez_compressed and np.load of .npz archives (by name, with and without .npy, from a path or an open file).
import os
import tempfile
import numpy as np
d = tempfile.mkdtemp()
a = np.arange(6.0).reshape(2, 3)
b = np.array([1, 2, 3], dtype=np.int32)
p = os.path.join(d, "data")
np.savez(p, a, b, c=np.array([True, False]))
with np.load(p + ".npz") as z:
    print(sorted(z.files), z["arr_0"], z["arr_1"], z["c"], "c" in z, "c.npy" in z, "zz" in z)
    print(len(z), sorted(z.keys()))
q = os.path.join(d, "small.npz")
np.savez_compressed(q, x=np.linspace(0, 1, 5), y=np.eye(2, dtype=np.float32))
z = np.load(q)
print(z["x"], z["y"], z["y"].dtype)
try:
    z["nope"]
except KeyError as e:
    print("KeyError", e)
with open(q, "rb") as f:
    z2 = np.load(f)
    print(z2["x"].sum())
try:
    np.savez(os.path.join(d, "bad"), a, arr_0=b)
except ValueError as e:
    print("ValueError", e)
np.save(os.path.join(d, "plain"), a)
print(np.load(os.path.join(d, "plain.npy")))
