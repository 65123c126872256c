from datetime import datetime, date
import decimal
vals = [3, -3, 3.5, -0.125, 12345.6789, 'text', True, None]
for v in vals:
    out = []
    for spec in ['', '>10', '<10', '^10', '*^10']:
        out.append(f'{v!s:{spec}}|' if v is None else f'{v:{spec}}|')
    print(' '.join(out))
for v in [3, -3, 3.5, -0.125, 12345.6789, True]:
    print(f'{v:+} {v:-} {v: } {v:08.2f} {v:,.1f} {v:_.3e} {v:.2%}')
dt = datetime(2023, 12, 25, 18, 30, 5)
print(f'{dt:%Y-%m-%d %H:%M:%S} {dt:%A %d %B %Y} {dt:%j %U %w %y %I%p} {date(2000, 1, 1):%a %b}')
print(f'{decimal.Decimal("1.2345"):.2f} {decimal.Decimal("1234567.8"):,} {decimal.Decimal("5"):08.3f}')
print(f'{"abc":.2} {"abcdef":>8.3}| {"x":<3}| {"é":^5}|')
for bad in ['{1:x<}', "{'s':d}", '{1.5:d}', '{1:=^}', "{'s':=10}"]:
    try:
        print(eval('f' + repr(bad)))
    except ValueError as e:
        print(bad, 'ValueError:', e)
