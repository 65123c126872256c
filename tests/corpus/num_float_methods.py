for x in [0.5, 0.1, 1.0, -2.75, 1e300, 3.0, 1 / 3]:
    print(x, x.as_integer_ratio(), x.hex(), float.fromhex(x.hex()) == x, x.is_integer(), x.real, x.conjugate())
print(float.fromhex('0x1.8p1'), float.fromhex('-0x1p-1074'), float.fromhex('0x.8'), (0.0).hex(), (-0.0).hex())
print((2.5).__trunc__(), (2.5).__floor__(), (2.5).__ceil__(), (-2.5).__round__(), (2.567).__round__(2))
print(float.__add__(1.5, 2), (1.5).__rtruediv__(3), (7.5).__divmod__(2), (2.0).__pow__(0.5))
import math
print(math.frexp(8.0), math.ldexp(0.5, 4), math.modf(3.75), math.modf(-3.75))
print(math.nextafter(1.0, 2.0), math.ulp(1.0), math.isclose(0.1 + 0.2, 0.3), math.hypot(3, 4))
for bad in ['float.fromhex("0xg")', 'float("0x10")', '(1.5).hex(2)', 'float.fromhex("0x1p99999")']:
    try:
        print(eval(bad))
    except (ValueError, TypeError, OverflowError) as e:
        print(type(e).__name__, e)
