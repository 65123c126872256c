for x in [0.5, 1.5, 2.5, -0.5, -1.5, 2.675, 1.005, 0.125, 0.375, 1234.5678, -1234.5678, 1e20]:
    print(x, round(x), round(x, 1), round(x, 2), round(x, -1), round(x, -2))
for n in [15, 25, 150, 250, -25, -35, 12345, 10 ** 25 + 5 * 10 ** 5]:
    print(n, round(n), round(n, -1), round(n, -2), round(n, 3), round(n, -6))
print(type(round(2.5)), type(round(2.5, 0)), type(round(7, 1)), round(7, 1))
import math
print(math.floor(7.9), math.ceil(7.1), math.floor(-7.1), math.ceil(-7.9), math.trunc(7.9))
print(round(float('inf'), 2), round(float('nan'), 1))
try:
    round(float('inf'))
except OverflowError as e:
    print('OverflowError', e)
try:
    round(float('nan'))
except ValueError as e:
    print('ValueError', e)
