# `import decimal` runs `_pydecimal` with stand-ins for `re` and `locale`
# (neither is imported by CPython's C decimal): the 'n' format still reads
# the locale, and the real modules are what later imports get.
import decimal
from decimal import Decimal
print(format(Decimal('1234567.891'), 'n'), format(Decimal('-0.00012'), 'n'), format(Decimal('12'), '>8n'))
print(format(Decimal('1E+5'), '.3n'), format(Decimal('5.5'), '^9n'))
import locale
import re
import sys
print(sys.modules['locale'] is locale, hasattr(locale, 'setlocale'), callable(locale.localeconv))
print(sys.modules['re'] is re, re.match(r'(\d+)\.(\d+)', '12.50').groups())
locale.setlocale(locale.LC_NUMERIC, 'C.UTF-8')
print(format(Decimal('9876543.21'), 'n'), format(Decimal('-1.5E+3'), '010n'))
locale.setlocale(locale.LC_NUMERIC, 'C')
print(Decimal('3.14159').quantize(Decimal('0.01')), Decimal('1e-3') + 1)
