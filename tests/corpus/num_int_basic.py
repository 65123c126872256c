# Integer arithmetic with negative operands: floor division and modulo
# follow the sign of the divisor.
pairs = [(7, 2), (-7, 2), (7, -2), (-7, -2), (0, 5), (1, 1), (-1, 3), (100, 7)]
for a, b in pairs:
    print(f"{a:>4} {b:>3} | + {a + b:>4} - {a - b:>4} * {a * b:>5} // {a // b:>3} % {a % b:>3} / {a / b}")

print(2 ** 10, 2 ** -1, (-2) ** 3, -2 ** 2, (-8) ** (1 / 3) == (-8) ** (1 / 3))
print(10 ** 0, 0 ** 0, 1 ** 1000, (-1) ** 1001)
print(abs(-17), -(-17), +5, ~5, ~-1)
print(7 & 3, 7 | 8, 7 ^ 2, 1 << 10, 1024 >> 3, -1024 >> 3, -1 >> 100)
print(int(True) + True, True * 10, False - 1)
x = 17
x += 3; print(x)
x -= 30; print(x)
x *= -4; print(x)
x //= 3; print(x)
x %= 7; print(x)
x **= 5; print(x)
x <<= 2; print(x)
x >>= 1; print(x)
x &= 0xFF; print(x)
x |= 0x100; print(x)
x ^= 0x1FF; print(x)
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(-17, -5))
print(pow(2, 100), pow(2, 100, 1000), pow(3, -1, 7), pow(-3, 3, 5))
print(max(3, -1, 7), min([4, -2, 9]), sum(range(101)))
