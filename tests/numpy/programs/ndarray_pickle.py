# ndarray.dumps / ndarray.dump and pickle: NumPy's reduce tuple, so the
# pickle bytes equal NumPy's (shown for protocol 4; protocol 2, what dumps
# writes, differs in hipy's pickle module for any bytes object: it does not
# memoize the repeated 'latin1' argument).
import os
import pickle
import tempfile

import numpy as np

arrays = [
    np.arange(6.0).reshape(2, 3),
    np.arange(5, dtype=np.int32) - 2,
    np.array([True, False, True]),
    np.array([1.5, -2.25], dtype=np.float32),
    np.arange(12, dtype=np.uint8).reshape(3, 4)[:, 1:3],
    np.arange(6, dtype=np.int64).reshape(2, 3).T,
    np.array(3.5),
    np.zeros((0, 2), dtype=np.int16),
    np.linspace(0, 1, 4) ** 2,
    np.array([1, 2, 3], dtype=np.uint64),
    np.array([0.5, 1.0], dtype=np.float16),
]
for a in arrays:
    s = a.dumps()
    b = pickle.loads(s)
    print(repr(b), b.dtype, b.shape, np.array_equal(a, b))
    print(s[:60])
    print(pickle.dumps(a, protocol=4))
    for proto in (2, 3, 4):
        c = pickle.loads(pickle.dumps(a, protocol=proto))
        print(proto, c.dtype, c.shape, c.tolist() == a.tolist())

print(pickle.dumps(np.dtype("f8"), protocol=2))
print(pickle.dumps(np.dtype("u1"), protocol=4))
print(pickle.loads(pickle.dumps(np.dtype("int8"))), pickle.loads(pickle.dumps(np.dtype("u2"))))
print(np.dtype("float64").__reduce__())
print(np.arange(3.0).__reduce__()[1:])

# A pickled array is a copy: changing it leaves the original alone.
a = np.arange(4)
b = pickle.loads(pickle.dumps(a))
b[0] = 10
print(a, b)

# dump writes the same bytes to a file, by name or file object.
d = tempfile.mkdtemp()
path = os.path.join(d, "a.pkl")
x = np.arange(10, dtype=np.float64) / 4
x.dump(path)
with open(path, "rb") as f:
    raw = f.read()
print(raw == x.dumps(), pickle.loads(raw))
with open(path, "wb") as f:
    x[::3].dump(f)
with open(path, "rb") as f:
    print(pickle.load(f))
os.remove(path)
os.rmdir(d)

# Inside containers and with a lazy array.
lazy = np.arange(5) * 2 + 1
obj = {"w": lazy, "names": ["a", "b"], "m": np.eye(2)}
back = pickle.loads(pickle.dumps(obj))
print(back["w"], back["names"], back["m"])
