# eval() and exec() take any bytes-like source; eval() strips leading
# spaces and tabs from bytes as from str.
import array

print(eval(b"  1 + 1"), eval(bytearray(b"\t3")), eval(memoryview(b"1234")[1:-1]))
print(eval(array.array('b', b' 40 + 2')))
ns = {}
exec(memoryview(b"ax = 123")[1:-1], ns)
print(ns['x'])
exec(bytearray(b"y = 'bytes'\n"), ns)
print(ns['y'])
for bad in (1, None, [b"1"]):
    try:
        eval(bad)
    except TypeError as e:
        print('TypeError', e)
try:
    exec(b"  x = 1")
except IndentationError as e:
    print('IndentationError', e.msg)
try:
    eval(b"1\x002")
except (SyntaxError, ValueError) as e:
    print(type(e).__name__, e)
print(eval("\t 5 * 5"))
