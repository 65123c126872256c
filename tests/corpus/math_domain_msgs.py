# math module errors: 3.11 says "math domain error" / "math range error",
# log with base 1 divides by zero, and cbrt is the C library's.
import math
for c in ['math.sqrt(-1)', 'math.log(0)', 'math.log(-1)', 'math.log(0, 2)', 'math.log(2, 0)', 'math.log(2, 1)',
          'math.log10(0)', 'math.log2(-1)', 'math.log1p(-1)', 'math.acos(2)', 'math.asin(-2)', 'math.atanh(1)',
          'math.acosh(0)', 'math.gamma(0)', 'math.gamma(-1)', 'math.lgamma(-2)', 'math.sin(math.inf)',
          'math.cos(-math.inf)', 'math.tan(math.inf)', 'math.exp(1000)', 'math.pow(10, 400)', 'math.pow(0, -1)',
          'math.fmod(1, 0)', 'math.fsum([math.inf, -math.inf])', 'math.fsum([1e308, 1e308])', 'math.trunc("x")',
          'math.log(10 ** 400, 10)', 'math.log(-10 ** 400)', 'math.factorial(-1)', 'math.isqrt(-1)']:
    try:
        print(c, '=', eval(c))
    except (ValueError, OverflowError, ZeroDivisionError, TypeError) as e:
        print(f'{c:36} {type(e).__name__}: {e}')
print([math.cbrt(x) for x in (27, 2, -8, 1e-300, 0.001, 64)])
