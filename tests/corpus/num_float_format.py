nums = [0.0, 1.0, -1.5, 3.14159265, 1234567.891, 1e-7, 1.5e300, 0.000123456, 99.995, 2.5, 3.5, -0.0]
specs = ['', '.2f', '.0f', '10.3f', '<10.1f', '^12.2e', '+.3g', 'g', '.10g', 'e', 'E', '%', '.1%',
         ',.2f', '_.3f', '015.4f', '=+12.2f', 'n', '#.0f', '.3G', ' .2f', 'f']
for n in nums:
    print(' | '.join(format(n, s) for s in specs))
print(f"{1/7:.20f}", f"{2/3:.17g}", f"{1e21:f}", f"{1e-21:g}", f"{12345678.9:.3e}")
print('%.3f %10.2e %-8.1f| %g %G %5.1f%%' % (2 / 3, 12345.6789, 1.25, 1e-10, 1.5e20, 99.5))
print(format(1234.5, 'z.1f') if False else 'z-skip', format(-0.0, '.1f'), format(0.05, '.1f'), format(0.15, '.1f'))
print(str(1e16), str(1e-5), '{:.3}'.format(3.14159), '{:10}'.format(2.5), '{:<7.2}|'.format(1234.5))
print(float('1_000.25'), float(' -12.5e3 '), float('+inf'), float('-Infinity'), float('nan'))
for bad in ['1,5', '', 'abc', '1e', '--1']:
    try:
        float(bad)
    except ValueError as e:
        print(e)
