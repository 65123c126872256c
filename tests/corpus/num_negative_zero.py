import math
nz = -0.0
print(nz, repr(nz), str(nz), abs(nz), -nz, nz + 0.0, nz - 0.0, nz * 1, 0.0 * -1)
print(nz == 0.0, nz < 0.0, math.copysign(1.0, nz), math.atan2(0.0, -0.0), math.atan2(-0.0, -1.0))
print(f"{nz}", f"{nz:.2f}", f"{nz:+}", format(nz, 'g'), '%.1f' % nz, round(-0.4), round(-0.4, 0))
print(int(nz), float('-0'), -0, 0 * -1, -(0.0), complex(0.0, nz))
print(sorted([0.0, nz, -0.0, 0.0]), max(nz, 0.0), max(0.0, nz), min(0.0, nz))
print(divmod(-0.0, 1), -0.0 // 1, -0.0 % 5, 5 % -1.0 if False else 'x', math.fmod(-0.0, 3))
print(math.floor(-0.5), math.ceil(-0.5), math.sqrt(-0.0), -0.0 ** 2, (-0.0) ** 2, (-0.0) ** 3)
