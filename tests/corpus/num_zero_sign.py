# Signed zeros from int and mixed arithmetic, computed at run time (no
# constant folding): 0 / -big is -0.0 in CPython (found by the fuzzer).
import math
z, m1, m5, f0, fm, fn, big = 0, -1, -5, 0.0, -0.001, -1.5, 10**30
vals = [z / m5, z / m1, m5 * 0 / 3, z * fn, fn * z, z - f0, z + (-f0), (-f0) + z, z % fn, z // fn, round(fm, 2), round(fm, 0), round(-f0, 3), (-f0) ** 1, (-f0) ** 3, f0 * m1, m1 * f0, -(z * 1.0), float(-z), z / -big, -z / big, (m5 * 0) / big, z * -0.5, -0.5 * z, divmod(z, fn), z - 0.0, (-f0) - z, math.sqrt(-f0), abs(-f0)]
print(vals)
for spec in ['', '.2f', '>10.3f', 'e', '.3g', '%', '+.1f', ',.2f', 'g', '10', '.0f', '_.4e']:
    print(repr(format(z / m5, spec)), repr(format(round(fm, 2), spec)))
