for n in [0, 1, -1, 12, -12, 2 ** 70, -(2 ** 70) + 3]:
    print(n, n.bit_length(), n.as_integer_ratio(), n.numerator, n.denominator, n.real, n.imag,
          n.conjugate(), n.__index__())
print((1000).to_bytes(2, 'little'), int.from_bytes([1, 2, 3], 'big'))
print((65).__add__(1), (65).__radd__(1), (7).__truediv__(2), (7).__floordiv__(0.5))
print((5).__add__(1.0), (5).__eq__('5'), (10).__mod__(3), int.__sub__(10, 3))
print(True.__and__(False), (3).__lt__(4), (3).__pow__(2, 5))
print(int.__name__, int.__doc__[:10] if int.__doc__ else None)
class MyInt(int):
    pass
m = MyInt(5)
print(m + 1, type(m + 1).__name__, type(m).__name__, isinstance(m, int), m.bit_length())
