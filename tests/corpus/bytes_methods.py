b = b'Hello, World! \x00\xff'
print(b, len(b), b[0], b[-1], b[:5], b[::-1][:4], list(b[:3]), b.hex(), b.hex(':'), b[:4].hex(' ', 2))
print(b.upper(), b.lower(), b.split(b','), b.replace(b'l', b'L'), b.find(b'World'), b.count(b'l'))
print(b.startswith(b'Hell'), b.endswith(b'\xff'), b'  pad '.strip(), b'a-b-c'.partition(b'-'), b'x'.center(5, b'*'))
print(bytes.fromhex('de ad be ef'), bytes(5), bytes([65, 66, 67]), bytes('é', 'utf-8'), bytes(range(3)))
print(b'abc' + b'def', b'ab' * 3, b'b' in b'abc', 98 in b'abc', b'abc' < b'abd', b'A'.isupper(), b'12'.isdigit())
print(b'%s and %d' % (b'x', 5), b'{}'.decode(), b'tab\tsep'.expandtabs(4), b'Title me'.title(), b'ab'.join([b'1', b'2', b'3']))
print(b'\x41\x42'.decode('ascii'), b'caf\xc3\xa9'.decode(), bytes.maketrans(b'ab', b'xy'), b'aabb'.translate(bytes.maketrans(b'ab', b'xy')))
for bad in ["bytes([256])", "bytes([-1])", "b'a' + 'b'", "bytes('x')", "b'x'[5]", "bytes.fromhex('zz')", "b'abc'.index(b'z')", "b'x'.decode('ascii', 'strict') + 1"]:
    try:
        print(eval(bad))
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__ + ':', e)
print(int.from_bytes(b'\x00\x10', 'big'), list(b'\x01\x02'.rjust(4, b'\x00')), b'a,b'.split(b',', maxsplit=1))
