data = bytearray(range(12))
mv = memoryview(data)
print(mv[0], mv[-1], mv[2:5].tolist(), len(mv), mv.format, mv.itemsize, mv.ndim, mv.shape, mv.strides)
sub = mv[2:6]
sub[0] = 99
print(data[:6], sub.tobytes(), sub.hex(), bytes(sub) == b'c\x03\x04\x05')
ints = mv.cast('I')
print(ints.format, len(ints) if len(data) % 4 == 0 else 'n/a')
mv2 = memoryview(b'\x01\x00\x00\x00\x02\x00\x00\x00')
as_int = mv2.cast('i')
print(as_int.tolist(), as_int[1], as_int.nbytes)
ro = memoryview(b'abc')
try:
    ro[0] = 1
except TypeError as e:
    print('TypeError:', e)
with memoryview(bytearray(b'xyz')) as m:
    print(m.tobytes())
try:
    m.tobytes()
except ValueError as e:
    print('ValueError:', e)
print(memoryview(b'ab') == b'ab', memoryview(b'ab') == memoryview(b'ab'), list(memoryview(b'az')))
