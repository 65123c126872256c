import math
inf = float('inf')
nan = float('nan')
print(inf, -inf, nan, repr(inf), str(-nan))
print(inf + 1, inf - inf, inf * 0, inf / inf, -inf * -1, 1 / inf, inf ** 0, nan ** 0, 1 ** nan)
print(inf > 10 ** 400, -inf < -10 ** 400, nan == nan, nan != nan, nan < 1, nan > 1)
print(math.isinf(inf), math.isnan(nan), math.isfinite(1e308), math.isfinite(inf))
print(max(1, inf), min(-inf, 0), sorted([3, inf, -inf, 0.5]))
print(inf == float('infinity'), hash(inf), hash(-inf), hash(0.0) == hash(-0.0))
print(1e308 * 10, -1e308 * 10, 1e-320 / 1e10)
try:
    print(2.0 ** 10000)
except OverflowError as e:
    print('OverflowError', e)
try:
    print(math.exp(1000))
except OverflowError as e:
    print('OverflowError', e)
try:
    print(int(inf))
except OverflowError as e:
    print('OverflowError', e)
try:
    print(int(nan))
except ValueError as e:
    print('ValueError', e)
try:
    print(math.sqrt(-1))
except ValueError as e:
    print('ValueError', e)
try:
    print(float(10 ** 400))
except OverflowError as e:
    print('OverflowError', e)
try:
    print(10 ** 400 / 3)
except OverflowError as e:
    print('OverflowError', e)
print(math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.5), round(-2.5), round(3.5), round(0.5))
print(math.copysign(1, -0.0), math.copysign(3, nan), -0.0 == 0.0, str(-0.0 + 0.0))
print(format(inf, '.2f'), format(-inf, '10'), format(nan, '+'), f"{nan:>6}|{inf:e}")
print(inf.is_integer(), (2.0).is_integer(), (2.5).is_integer())
