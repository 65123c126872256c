# ZeroDivisionError / OverflowError wording of CPython 3.11 for every
# arithmetic entry point, including explicit dunder calls.
cases = [
    '1 // 0', '1 % 0', 'divmod(1, 0)', '1 / 0', 'True // 0', '(10 ** 30) % 0', '1.0 / 0', '1 / 0.0', '1.0 // 0',
    '5 // 0.0', '1.0 % 0', 'divmod(1, 0.0)', '1j / 0', '1 / 0j', '0 ** -1', 'pow(0, -2)', '0.0 ** -1',
    '0 ** -1.0', '(-0.0) ** -3', '0j ** -1', '0j ** 1j', '2 ** 1024.0', '1e200 ** 2', 'pow(10.0, 400)',
    'int.__floordiv__(7, 0)', '(7).__mod__(0)', 'int.__rtruediv__(0, 7)', 'float.__mod__(1.0, 0.0)',
    '(1.5).__rdivmod__(0.0)', 'complex.__truediv__(1j, 0)', 'float.__pow__(0.0, -1.0)', 'x // 0', 'y % 0.0',
]
x, y = 10, 2.5
for c in cases:
    try:
        print(c, '=', eval(c))
    except ArithmeticError as e:
        print(f'{c:26} {type(e).__name__}: {e} {e.args}')
print(0.0 ** float('-inf'), 0 ** float('-inf'), (-0.0) ** float('-inf'))
z = 7
try:
    z //= 0
except ZeroDivisionError as e:
    print('//=', e)
try:
    z %= 0.0
except ZeroDivisionError as e:
    print('%=', e)
