from array import array
a = array('i', [1, 2, 3])
a.append(4)
a.extend([5, 6])
a.insert(0, 0)
print(a, a[2], a[-1], a[1:3], len(a), a.itemsize, a.typecode, sum(a), a.index(3), a.count(1))
a.reverse()
print(a.tolist(), a.pop(), a.tobytes()[:8], array('d', [1.5, 2.5]) * 2, array('b', b'\x01\xff'))
f = array('f', [0.1, 0.2])
print(f, f[0], list(f))
b = array('B', range(5))
b[1:3] = array('B', [9, 9, 9])
print(b, bytes(b), array('H', b'\x01\x00\x02\x00'))
for bad in [lambda: array('b', [200]), lambda: array('i', [1.5]), lambda: array('x'), lambda: a.remove(99)]:
    try:
        bad()
    except (OverflowError, TypeError, ValueError) as e:
        print(type(e).__name__ + ':', e)
