# array: item conversion errors (3.11 converts through C types and names
# them), repr of 'f' arrays, and other messages.
from array import array


class Floats(array):
    pass


for tc in 'bBhHiIlLqQ':
    for v in [2 ** 70, -2 ** 70, 128, -129, 256, 70000, -1, 2 ** 33, 2 ** 64]:
        try:
            array(tc, [0, v])
        except OverflowError as e:
            print(tc, v, e)
a = array('b', [1])
for op in [lambda: a.append(200), lambda: a.insert(0, -200), lambda: a.extend([1, 2, 300]), lambda: a.fromlist((5,)),
           lambda: a.fromlist([400]), lambda: a.__setitem__(0, 1000), lambda: a[5], lambda: array('u', [1]),
           lambda: array('u', ['ab']), lambda: array('z'), lambda: array(1), lambda: array('bb'), lambda: a.tounicode()]:
    try:
        op()
    except (OverflowError, TypeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)
try:
    a[3] = 1
except IndexError as e:
    print(e)
print(a, array('f', [0.1, 1e10, 3]), array('f'), Floats('f', [0.25, 0.1]), array('d', [0.1]))
