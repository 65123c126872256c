from fractions import Fraction
from decimal import Decimal
vals = [0, 1, -1, -2, 2 ** 61 - 1, 2 ** 61, 2 ** 100, -(2 ** 100), 1.0, 0.5, -0.5, 1.5, 1e100,
        float('inf'), float('-inf'), 10 ** 30, Fraction(1, 3), Fraction(7, 2), Decimal('3.5'), 1 + 0j, 2j]
for v in vals:
    print(repr(v), hash(v))
print(hash(1) == hash(1.0) == hash(Fraction(1)) == hash(Decimal(1)) == hash(1 + 0j))
print(hash(()), hash((1, 2)), hash((1, (2, 3))), hash((0.5, -1)))
print(hash(None) == hash(None), hash(True), hash(frozenset()) , hash(frozenset([1, 2, 3])))
d = {1: 'int', 1.0: 'float', Fraction(2, 2): 'frac'}
print(d)
