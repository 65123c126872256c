# Text files written through a UTF-8 TextIOWrapper: plain text, text with
# lone surrogates under each error handler, line buffering, write_through,
# closed and detached files, reconfigure, and print() into such files.
import io
import os
import sys
import tempfile

d = tempfile.mkdtemp()
path = os.path.join(d, "t.txt")


def show(label, mode="rb"):
    with open(path, mode) as f:
        print(label, f.read())


with open(path, "w", encoding="utf-8") as f:
    print(f.encoding, f.errors, type(f.buffer).__name__, f.line_buffering, f.write_through)
    for i in range(3):
        print(i, "h\u00e9llo", "\u20ac", "\U0001f600", file=f)
    f.write("plain ascii\n")
    f.write("")
show("utf-8 text:")

for errors in ("strict", "surrogateescape", "replace", "backslashreplace", "surrogatepass", "ignore"):
    with open(path, "w", encoding="utf-8", errors=errors) as f:
        try:
            f.write("a\udcff")
            f.write("b\ud800c")
            f.write("ok\n")
        except UnicodeEncodeError as e:
            print(errors, "raised", e.reason, e.start, e.end)
    show(errors + ":")

for enc in ("utf8", "UTF-8", "utf_8", "utf-8-sig", "latin-1", "ascii"):
    with open(path, "w", encoding=enc) as f:
        try:
            f.write("x\u00e9y\n")
        except UnicodeEncodeError as e:
            print(enc, "raised", e.reason)
    show(enc + ":")

# A UTF-8 file reconfigured to another encoding, and back.
with open(path, "w", encoding="utf-8") as f:
    f.write("\u00e9")
    f.reconfigure(encoding="latin-1")
    f.write("\u00e9")
    f.reconfigure(encoding="utf-8")
    f.write("\u00e9\n")
show("reconfigured:")

# Closed and detached files.
f = open(path, "w", encoding="utf-8")
f.close()
try:
    f.write("x")
except ValueError as e:
    print("closed:", e)
f = open(path, "w", encoding="utf-8")
f.buffer.close()
try:
    f.write("x")
except ValueError as e:
    print("buffer closed:", e)
f = open(path, "w", encoding="utf-8")
raw = f.detach()
try:
    f.write("x")
except ValueError as e:
    print("detached:", e)
raw.close()

# Line buffering and write_through reach the file at once.
with open(path, "w", encoding="utf-8", buffering=1) as f:
    f.write("line\n")
    show("line buffered, before close:")
with open(path, "w", encoding="utf-8") as f:
    f.reconfigure(write_through=True)
    f.write("through")
    f.buffer.flush()
    show("write_through, before close:")

# A buffered writer over a non-FileIO raw stream.
class Raw(io.RawIOBase):
    def __init__(self):
        self.data = bytearray()
    def writable(self):
        return True
    def write(self, b):
        self.data += b
        return len(b)

r = Raw()
t = io.TextIOWrapper(io.BufferedWriter(r), encoding="utf-8")
print("caf\u00e9", file=t)
t.flush()
print("custom raw:", bytes(r.data))
r.closed_calls = 0
t.close()
print("custom raw closed:", r.closed, t.closed)

# sys.stdout itself.
sys.stdout.write("stdout \u00e9\n")
print("done")
os.remove(path)
os.rmdir(d)

# The messages of a closed text file's methods.
f = open(tempfile.mktemp(), "w+", encoding="utf-8")
name = f.name
f.close()
os.remove(name)
for m in ["readline", "read", "tell", "write", "flush", "seek", "truncate", "readable", "writable", "fileno", "isatty"]:
    args = {"write": ("x",), "seek": (0,)}.get(m, ())
    try:
        getattr(f, m)(*args)
        print(m, "no error")
    except ValueError as e:
        print(m, repr(str(e)))
