# struct.pack errors: item counts and range checks in CPython 3.11's words
# (native, little- and big-endian packers word them differently).
import struct
for fmt in ['b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'q', 'Q', '<h', '<H', '<l', '<L', '<q', '>h', '>H', '>i', '>Q', '!q']:
    for v in [2 ** 70, -2 ** 70, 300, -300, 70000, -1, 2 ** 40, 2 ** 63, 1.5]:
        try:
            struct.pack(fmt, v)
        except struct.error as e:
            print(fmt, v, e)
for args in [('2i', 1), ('x', 1), ('3s', 1), ('3si', b'a'), ('', 1), ('i', 1, 2), ('c', b'ab'), ('e', 70000), ('f', 'x'), ('<n', 1)]:
    try:
        struct.pack(*args)
    except struct.error as e:
        print(args, e)
s = struct.Struct('<hh')
for vals in [(1,), (1, 70000), (1, 2, 3)]:
    try:
        s.pack(*vals)
    except struct.error as e:
        print(vals, e)
buf = bytearray(8)
try:
    struct.pack_into('>H', buf, 0, -1)
except struct.error as e:
    print('pack_into', e)
try:
    s.pack_into(buf, 0, 1)
except struct.error as e:
    print('Struct.pack_into', e)
from struct import pack
try:
    pack('B', 256)
except struct.error as e:
    print('from-import', e)
