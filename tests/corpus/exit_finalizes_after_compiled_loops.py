# A loop that ran long enough to be compiled must not keep __main__'s
# namespace alive at exit: after the atexit functions, the objects left in
# the globals are finalized as in CPython (the compiled loop held the
# functions it called, and through them these globals).
import atexit


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name, flush=True)


def square(n):
    return n * n


total = 0
for i in range(3000):
    total += square(i)
rows = [{"a": i, "b": str(i)} for i in range(3000)]
kept = Noisy("global")
atexit.register(print, "atexit", flush=True)
print(total, len(rows), flush=True)

# The same in a child whose global is a stdlib object (no cycle through
# __main__: it dies with the module): a NamedTemporaryFile left open is
# deleted at exit.
import os
import subprocess
import sys
import tempfile

CHILD = r'''
import sys, tempfile
f = tempfile.NamedTemporaryFile(prefix="left_", dir=sys.argv[1])
total = 0
for i in range(3000):
    total += i % 7
print(total, flush=True)
'''

with tempfile.TemporaryDirectory() as d:
    r = subprocess.run([sys.executable, "-c", CHILD, d], capture_output=True, text=True)
    print("child", r.returncode, r.stdout.split(), r.stderr.splitlines(), "left behind", os.listdir(d), flush=True)
