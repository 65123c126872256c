import os
import tempfile

import numpy as np

d = tempfile.mkdtemp()
a = np.arange(12.0).reshape(3, 4) / 7
np.save(os.path.join(d, "a.npy"), a)
np.save(os.path.join(d, "b"), np.array([1, 2, 3], dtype=np.int32))
np.save(os.path.join(d, "c.npy"), np.array([True, False]))
np.save(os.path.join(d, "u.npy"), np.arange(5, dtype=np.uint8))
print(np.load(os.path.join(d, "a.npy")), np.load(os.path.join(d, "b.npy")), np.load(os.path.join(d, "c.npy")), repr(np.load(os.path.join(d, "u.npy"))))
with open(os.path.join(d, "a.npy"), "rb") as f:
    raw = f.read()
print(len(raw), raw[:10], raw[10:80])
np.savetxt(os.path.join(d, "a.txt"), a)
print(open(os.path.join(d, "a.txt")).read())
np.savetxt(os.path.join(d, "b.csv"), np.array([[1, 2], [3, 4]]), fmt="%d", delimiter=",", header="x,y")
print(open(os.path.join(d, "b.csv")).read())
print(np.loadtxt(os.path.join(d, "a.txt")), np.loadtxt(os.path.join(d, "b.csv"), delimiter=",", dtype=int))
print(np.loadtxt(os.path.join(d, "b.csv"), delimiter=",", usecols=1), np.loadtxt(os.path.join(d, "b.csv"), delimiter=",", unpack=True))
with open(os.path.join(d, "g.csv"), "w") as f:
    f.write("1,2,3\n4,,6\n# comment\n7,8,nan\n")
print(np.genfromtxt(os.path.join(d, "g.csv"), delimiter=","), np.genfromtxt(os.path.join(d, "g.csv"), delimiter=",", filling_values=-1))
print(np.frombuffer(np.arange(4, dtype=np.int16).tobytes(), dtype=np.int16), np.fromstring("1 2 3", sep=" "))
