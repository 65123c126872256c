import math
vals = [7, -7, 7.5, -7.5, 0.0, -0.0, 3, -3]
for a in vals:
    for b in [2, -2, 0.5, -0.5, 3]:
        q, r = divmod(a, b)
        print(a, b, q, r, a // b, a % b, math.fmod(a, b))
inf = float('inf')
nan = float('nan')
print(divmod(5.0, inf), divmod(-5.0, inf), 5.0 % inf, -5.0 % inf)
print(inf % 3 if False else 'skip', math.isnan(inf // 1) if False else 'skip2')
for expr in ["1 // 0", "1 % 0", "divmod(1, 0)", "1.0 // 0", "1.0 % 0.0", "divmod(1.0, 0)",
             "1 / 0", "1.0 / 0", "0 / 0", "5 // 0.0", "inf % 0", "10 ** -1 / 0"]:
    try:
        print(expr, eval(expr))
    except ZeroDivisionError as e:
        print(expr, "->", type(e).__name__ + ":", e)
print(-1 // 3, -1 % 3, 1 // -3, 1 % -3, -0.0 // 1, -0.0 % 1, 0.0 % -1)
print(math.remainder(7, 2), math.remainder(-7, 2), math.fmod(-7, 2))
print((-(10 ** 30)) // 7, (-(10 ** 30)) % 7, (10 ** 30) // -7, (10 ** 30) % -7)
print(divmod(-(2 ** 100), 3 ** 40))
print(7.0 // 0.1, 7.0 % 0.1, 1e300 // 1e-10 if False else 'big')
