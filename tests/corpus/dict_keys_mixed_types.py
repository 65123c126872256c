d = {}
d[1] = 'int'
d[1.0] = 'float'
d[True] = 'bool'
print(d, len(d))
d[0] = 'zero'
d[False] = 'false'
d[0.0] = 'zerof'
print(d)
e = {'1': 'str', 1: 'int', (1,): 'tuple', None: 'none', frozenset([1]): 'fs', 2.5: 'f', -0.0: 'negzero'}
print(e, e[0], e[(1,)], e[frozenset({1})])
print({1: 'a', 1.0: 'b'}, {1.0: 'a', 1: 'b'}, {True: 'x', 1: 'y'})
s = set()
s.add(1)
s.add(1.0)
s.add(True)
print(s, {1.0, 1}, {0, False, 0.0, -0.0})
import fractions, decimal
print({fractions.Fraction(1, 2): 'f', 0.5: 'h'}, {decimal.Decimal('2'): 'd', 2: 'i'})
