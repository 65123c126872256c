# complex == int compares exactly, as CPython does: an int beyond 2**53 that
# rounds to the complex's real part is not equal to it.
big = 2 ** 53
for delta in (-2, -1, 0, 1, 2):
    i = big + delta
    z = complex(float(big), 0.0)
    print(delta, z == i, i == z, z != i, complex.__eq__(z, i), complex.__ne__(z, i))
for pow in (64, 100, 1023):
    z = complex(2.0 ** pow, 0.0)
    print(pow, [d for d in range(-3, 4) if z == 2 ** pow + d])
print(complex(3, 0) == 3, complex(3, 1) == 3, complex(3, 0) == True, complex(1, 0) == True)
print(complex(float('inf'), 0) == 10 ** 400, complex(float('nan'), 0) == 0)
print(complex(-0.0, 0.0) == 0, complex(0.0, -0.0) == 0)
print(complex.__eq__(complex(1, 0), 1.0), complex.__eq__(complex(1, 0), "1"))
print(sorted({complex(1, 0), 1, 1.0}, key=repr), len({complex(big, 0), big + 1}))
