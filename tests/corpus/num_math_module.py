import math
print(math.gcd(12, 18), math.gcd(0, 0), math.gcd(-12, 18, 30), math.lcm(4, 6, 10), math.lcm())
print(math.isqrt(99), math.isqrt(100), math.isqrt(10 ** 40 - 1))
print(math.comb(10, 3), math.comb(100, 50), math.perm(5, 2), math.perm(5), math.factorial(20))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.prod([1, 2, 3, 4]), math.prod([], start=5))
print(math.pi, math.e, math.tau, math.inf, -math.inf)
print(math.sin(0), math.cos(0), round(math.sin(math.pi / 6), 12), math.atan2(1, 1), math.degrees(math.pi))
print(math.log(math.e), math.log(8, 2), math.log10(1000), math.log2(1024), math.log1p(0), math.exp(0))
print(math.sqrt(16), math.pow(2, 0.5), math.cbrt(27))
print(math.dist((0, 0), (3, 4)), math.hypot(1, 2, 2), math.fabs(-3), math.floor(2.999999))
for bad in ["math.factorial(-1)", "math.factorial(2.5)", "math.log(0)", "math.log(-1)",
            "math.comb(-1, 2)", "math.isqrt(-4)", "math.sqrt('x')", "math.gcd(1.5, 2)"]:
    try:
        print(eval(bad))
    except (ValueError, TypeError) as e:
        print(bad, '->', type(e).__name__, e)
