# Object arrays: elementwise operators run Python's operators element by
# element, with arrays, numeric arrays, lists and scalars, broadcasting;
# comparisons give bool arrays.
import numpy as np
from fractions import Fraction

a = np.array([1, 2, 3], dtype=object)
print(repr(a + 1), repr(1 + a), repr(a - 1), repr(10 - a), repr(a * 2.5), repr(a / 2), repr(6 / a))
print(repr(a // 2), repr(a % 2), repr(a ** 2), repr(2 ** a), repr(-a), repr(+a), repr(abs(-a)))
print(repr(a + np.arange(3)), repr(np.arange(3) + a), repr(a * np.array([1.5, 2.0, 0.5])), repr(a + [10, 20, 30]))
print(repr(a == 1), repr(a != 1), repr(a < 2), repr(a <= 2), repr(a > 2), repr(a >= 2), repr(2 < a))
s = np.array(['x', 'yz', 'w'], dtype=object)
print(repr(s + '!'), repr('<' + s), repr(s * 2), repr(s + s), repr(s == 'yz'), repr(s < 'x'))
f = np.array([Fraction(1, 2), Fraction(1, 3)], dtype=object)
print(repr(f + 1), repr(f * f), repr(f > Fraction(2, 5)), (f + 1)[0])
l = np.array([[1], [2, 3]], dtype=object)
print(repr(l + l), repr(l * 2))
g = np.array([[1, 2], [3, 4]], dtype=object)
print(repr(g + np.array([10, 20], dtype=object)), repr(g * np.array([[1], [2]])), repr(g - g.T))
print(repr(np.array(5, dtype=object) + 1), repr(np.array(5, dtype=object) == 5), repr(np.array(2, dtype=object) * a))
m = np.array([1, None, 'a'], dtype=object)
print(repr(m == None), repr(m != None), repr(m == 'a'), repr(m == m))
print(repr(np.add(a, 1)), repr(np.multiply(a, a)), repr(np.subtract(10, a)), repr(np.equal(a, 2)), repr(np.less(a, 3)))
print(repr(np.array([True, False], dtype=object) & np.array([True, True], dtype=object)))
print(repr(np.array([6, 5], dtype=object) | 1), repr(np.array([6, 5], dtype=object) ^ 3), repr(~np.array([1, -2], dtype=object)))
b = np.array([1, 2], dtype=object)
b += 5
print(repr(b))
b *= 'x' if False else 2
print(repr(b))
print(repr(np.array([1, 'a'], dtype=object)[(np.array([1, 'a'], dtype=object) == 'a')]))
