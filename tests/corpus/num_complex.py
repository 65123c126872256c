import cmath
z = 3 + 4j
w = complex(1, -2)
print(z, w, z + w, z - w, z * w, z / w, -z, +z)
print(abs(z), z.real, z.imag, z.conjugate(), z == complex(3, 4), z != w)
print(z ** 2, z ** 0.5, pow(z, 3), 1j ** 2, (1 + 1j) ** 8)
print(complex('1+2j'), complex('-3.5j'), complex(' 2 '), complex(2.5), complex(), complex('inf+nanj'))
print(repr(1j), repr(-1j), repr(0j), repr(-0j), repr(complex(-0.0, -0.0)), 2j * 1e300 * 10)
print([1 + 0j, 0 + 1j, 1.5 - 2.25j], (3 - 0j).real)
print(format(z, '.2f'), format(w, '+.1e'), f"{z:>20}", f"{1/3+2/3j:.3}")
print(cmath.sqrt(-1), cmath.phase(-1), cmath.polar(1j), abs(cmath.exp(1j * cmath.pi) + 1) < 1e-15)
print(z == 3 + 4j, 3 + 0j == 3, hash(3 + 0j) == hash(3), (2 + 0j) in {2})
for bad in ["z < w", "complex('1+')", "int(z)", "z // 2", "z % 2", "complex('1', 2)", "(0j) ** -1"]:
    try:
        print(eval(bad))
    except (TypeError, ValueError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
