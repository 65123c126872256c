from fractions import Fraction as F
a = F(3, 4)
b = F('5/6')
print(a, b, a + b, a - b, a * b, a / b, a // b, a % b, -a, abs(F(-2, 3)))
print(a ** 2, a ** -2, F(1, 3) == F(2, 6), F(1, 2) < 0.6, F(1, 2) == 0.5, F(6, 4))
print(F(0.1), F('0.1'), F(0.5).limit_denominator(10), F(3.14159).limit_denominator(100))
print(repr(a), float(a), int(F(7, 2)), round(F(7, 2)), round(F(5, 2)), round(F(22, 7), 2))
print(a.numerator, a.denominator, F(-6, -4), F(10), F('  -2/4 '), F('1.25e1'))
total = sum(F(1, n) for n in range(1, 11))
print(total, float(total))
print(sorted([F(1, 3), F(1, 4), 0.3, 1]), max(F(7, 3), 2.3))
for bad in ["F(1, 0)", "F('x')", "F(1.5, 2)"]:
    try:
        print(eval(bad))
    except (ZeroDivisionError, ValueError, TypeError) as e:
        print(type(e).__name__, e)
print(hash(F(1, 2)) == hash(0.5), F(1, 2).as_integer_ratio(), F(5).denominator == 1)
