import io
from contextlib import redirect_stdout, redirect_stderr
s = io.StringIO('line one\nline two\nline three\n')
print(s.readline(), end='')
print(s.read(4), s.tell())
print(s.readlines())
s.seek(0)
print([l.strip() for l in s])
out = io.StringIO()
out.write('hello ')
out.write('world')
print(out.getvalue(), out.tell(), len(out.getvalue()))
captured = io.StringIO()
with redirect_stdout(captured):
    print('this goes to the buffer')
    print(1, 2, 3)
print('captured:', repr(captured.getvalue()))
err = io.StringIO()
import sys
with redirect_stderr(err):
    print('error text', file=sys.stderr)
print('stderr captured:', repr(err.getvalue()))
b = io.BytesIO()
b.write(b'\x00\x01binary')
print(b.getvalue(), b.tell(), b.seek(2), b.read())
w = io.TextIOWrapper(io.BytesIO(), encoding='utf-8', newline='')
w.write('é\n')
w.flush()
print(w.buffer.getvalue())
with io.StringIO() as tmp:
    tmp.write('x')
print(tmp.closed)
try:
    tmp.write('y')
except ValueError as e:
    print('ValueError:', e)
