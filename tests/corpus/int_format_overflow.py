# int.__format__ with a float presentation type: an int too large for a float
# (after rounding) raises OverflowError, in format(), str.format, f-strings and %.
for expr in ["format(10**400, 'e')", "format(-10**400, '.3f')", "'{:g}'.format(10**400)", "f'{10**400:%}'", "'%e' % (10**400,)", "'%.2f' % 10**400", "format(10**400, 'n')[:5]", "format(10**300, 'e')", "format(2**1024, 'E')", "format(2**1024 - 2**970, 'e')", "format(True, 'e')"]:
    try:
        print(expr, eval(expr))
    except Exception as e:
        print(expr, type(e).__name__, e)
