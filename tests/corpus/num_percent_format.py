print('%d %i %u' % (3, -4, 5))
print('%5d|%-5d|%05d|%+d|% d' % (42, 42, 42, 42, 42))
print('%f %.2f %10.3f %-10.1f| %e %.3E %g %G' % (3.14159, 2.5, 1.0005, -0.25, 12345.678, 0.000123, 1e-5, 2e20))
print('%s %r %a' % ('hé', 'hé', 'hé'))
print('%x %X %o %#x %#o %c %c' % (255, 255, 8, 255, 8, 65, 'z'))
print('%(name)s is %(age)d years; %(name)r' % {'name': 'Ann', 'age': 31})
print('%%done %d%%' % 50)
print('%*d|%-*d|%.*f' % (6, 7, 6, 7, 2, 3.14159))
print('%s' % [1, 2], '%s' % ((1, 2),), '%s %s' % (None, True))
print('%.3s|%5.1s|' % ('abcdef', 'xyz'))
for fmt, args in [('%d', 'x'), ('%d %d', (1,)), ('%d', (1, 2)), ('%z', 1), ('%(a)s', 1), ('%c', 1114112), ('%c', 'ab')]:
    try:
        print(fmt % args)
    except (TypeError, ValueError, OverflowError) as e:
        print(repr(fmt), type(e).__name__ + ':', e)
print(b'%d-%s-%x' % (5, b'bytes', 255), b'%5.2f' % 2.5)
