ba = bytearray(b'hello')
ba[0] = ord('H')
ba.append(33)
ba.extend(b' world')
ba += b'!!'
print(ba, len(ba))
ba[1:3] = b'EEE'
print(ba)
del ba[0:2]
print(ba, ba.pop(), ba.pop(0), ba)
ba.insert(0, 74)
ba.remove(ord('w'))
print(ba, ba.find(b'o'), ba.count(b'!'), ba.upper(), bytes(ba))
ba.reverse()
print(ba, ba[::2], ba * 2)
ba[::2] = b'x' * len(ba[::2])
print(ba)
ba.clear()
print(ba, bytearray(3), bytearray(b'ab') == b'ab', bytearray.fromhex('0a0b'))
for bad in ["bytearray(b'a').__setitem__(0, 300)", "bytearray().pop()", "bytearray(b'a').remove(5)",
            "bytearray(b'abc').__setitem__(slice(0, 3, 2), b'xyz')", "hash(bytearray())"]:
    try:
        print(eval(bad))
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__ + ':', e)
m = memoryview(bytearray(b'abcdef'))
m[0] = ord('Z')
print(m.tobytes(), m[1:3].tobytes(), m.nbytes, m.readonly, bytes(m[::2]))
