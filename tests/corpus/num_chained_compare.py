calls = []
def v(x):
    calls.append(x)
    return x
print(v(1) < v(2) < v(3), calls)
calls.clear()
print(v(3) < v(2) < v(1), calls)
calls.clear()
print(v(1) == v(1) != v(2) is not None, calls)
x = 5
print(0 < x <= 5, 0 < x < 5, x in range(10) in [range(10)], 1 < x > 3, -1 < -x)
print([a for a in range(-3, 8) if 0 <= a < 4 or 6 < a])
print(None is None is not False)
print((1 < 2) < 3, 1 < (2 < 3), 'b' > 'a' >= 'a')
