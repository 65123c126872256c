print(1 == 1.0, 1 == True, 0 == False, 1.0 == True, 2 ** 53 == float(2 ** 53), 2 ** 53 + 1 == float(2 ** 53 + 1))
print(2 ** 53 + 1 > float(2 ** 53), 10 ** 400 > 1e308, -10 ** 400 < -1e308, 10 ** 400 == float('inf'))
print(1 < 2 < 3, 3 > 2 > 2, 1 < 3 > 2, 1 == 1.0 == True, 'a' < 'b' < 'c', (1, 2) < (1, 3) < (2,))
print(0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-9, 1e16 + 1 == 1e16, 9007199254740993 == 9007199254740992.0)
print(sorted([3, 1.5, True, -2, 0.0, 10 ** 20, -0.5]))
print(max(1, 1.0), max(1.0, 1), min(0, -0.0, False), max([2, 2.0]))
for a, b in [(1, 'a'), ('1', 1), ([1], (1,)), (None, 0), ({}, {})]:
    print(repr(a), repr(b), a == b, a != b)
    try:
        print(a < b)
    except TypeError as e:
        print('TypeError:', e)
print(float('nan') in [float('nan')], (lambda n: n in [n])(float('nan')))
print([1, 2] == [1, 2.0], (1, [2]) == (1, [2]), {1: 'a'} == {1.0: 'a'}, {1, 2} == {2.0, 1.0})
