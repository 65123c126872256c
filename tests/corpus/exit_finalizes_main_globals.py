# At exit the objects left in __main__'s globals are finalized as in
# CPython: their __del__ runs (in the order of the names), a
# NamedTemporaryFile still open is closed and deleted without a word, a
# TemporaryDirectory is removed; the child's output and what it left behind
# are shown.
import os
import subprocess
import sys
import tempfile

CHILD = r'''
import os, sys, tempfile
d = sys.argv[1]

class Noisy:
    def __init__(self, name):
        self.name = name
    def __del__(self):
        print("del", self.name, flush=True)

first = Noisy("first")
f = tempfile.NamedTemporaryFile(prefix="named_", dir=d)
f.write(b"data")
f.flush()
t = tempfile.TemporaryDirectory(prefix="dir_", dir=d)
open(os.path.join(t.name, "inside"), "w").close()
second = Noisy("second")
print(sorted(n.split("_")[0] for n in os.listdir(d)), flush=True)
if len(sys.argv) > 2:
    sys.exit(int(sys.argv[2]))
'''

for extra in ([], ["3"]):
    with tempfile.TemporaryDirectory() as d:
        r = subprocess.run([sys.executable, "-c", CHILD, d, *extra], capture_output=True, text=True)
        print("status", r.returncode)
        print("stdout", r.stdout.splitlines())
        print("stderr", r.stderr.splitlines())
        print("left behind", sorted(os.listdir(d)))
