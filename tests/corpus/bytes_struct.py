import struct
packed = struct.pack('<hIq?d3s', -2, 4000000000, -(2 ** 40), True, 2.5, b'abc')
print(packed, len(packed), struct.calcsize('<hIq?d3s'), struct.calcsize('hIq?d3s'))
print(struct.unpack('<hIq?d3s', packed))
print(struct.pack('>f', 1.5), struct.unpack('>f', struct.pack('>f', 0.1))[0], struct.pack('!H', 513))
s = struct.Struct('<2i')
print(s.size, s.pack(1, -1), s.unpack(b'\x05\x00\x00\x00\x06\x00\x00\x00'), list(s.iter_unpack(bytes(16))))
buf = bytearray(8)
struct.pack_into('<ii', buf, 0, 7, 8)
print(buf, struct.unpack_from('<i', buf, 4))
for args in [('<h', 40000), ('<B', -1), ('<i',), ('xx', 1)]:
    try:
        struct.pack(*args)
    except struct.error as e:
        print('struct.error:', e)
