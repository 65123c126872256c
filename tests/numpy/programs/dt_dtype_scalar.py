# datetime64/timedelta64: dtypes and scalars (repr, str, units, NaT, item).
import datetime
import numpy as np

for spec in ['M8[s]', '<m8[ns]', 'M8', 'm8', 'datetime64[D]', 'timedelta64[h]', 'datetime64', '<M8[us]',
             'm8[3h]', np.datetime64, np.timedelta64]:
    d = np.dtype(spec)
    print(repr(d), str(d), d.kind, d.char, d.itemsize, d.name, d.str, np.datetime_data(d), d.type.__name__)
print(np.dtype('M8[s]') == 'datetime64[s]', np.dtype('M8[s]') == np.dtype('M8[ms]'), np.dtype('m8[D]') == 'm8[D]')

for u in ['Y', 'M', 'W', 'D', 'h', 'm', 's', 'ms', 'us', 'ns']:
    x = np.datetime64(1000, u)
    t = np.timedelta64(1, u)
    print(u, repr(x), str(x), repr(t), str(t), repr(np.datetime64('NaT', u)), repr(np.timedelta64('NaT', u)))
    print(' ', repr(x.item()), repr(t.item()), x.dtype, t.dtype)

print(repr(np.datetime64('2024-03-01')), np.datetime64('2024-03-01'))
print(repr(np.datetime64('2024-03-01T12:30', 's')), repr(np.datetime64('2024-03-01 12:30')))
print(repr(np.datetime64('2024-03-01T12:30:05.123')), repr(np.datetime64('2024-03-01T12:30:05.123456')))
print(repr(np.datetime64('2024-03-01T12:30:05.123456789')), repr(np.datetime64('2024')), repr(np.datetime64('2024-02')))
print(repr(np.datetime64('2024-03-01T07')), repr(np.datetime64('-0044-03-15')), repr(np.datetime64(20000, 'Y')))
print(repr(np.datetime64('+2024')), repr(np.datetime64(' 2024-01-01')), repr(np.datetime64('12024-01-01')))
print(repr(np.datetime64('2024-03-01', 'ns')), repr(np.datetime64('2024-03-01T10:20', 'D')))
print(repr(np.timedelta64(3, 'D')), np.timedelta64(3, 'D'), repr(np.timedelta64(5)), np.timedelta64(5))
print(repr(np.datetime64('NaT')), np.datetime64('NaT'), repr(np.timedelta64('NaT')), np.timedelta64('NaT'))
print(repr(np.datetime64(datetime.date(2024, 1, 2))), repr(np.datetime64(datetime.datetime(2024, 1, 2, 3))))
print(repr(np.timedelta64(datetime.timedelta(days=1, seconds=3))), repr(np.timedelta64(datetime.timedelta(hours=2), 's')))
print(repr(np.datetime64(np.datetime64('2024-01-01'), 'h')), repr(np.timedelta64(np.timedelta64(2, 'h'), 'm')))
print(repr(np.datetime64('2024-01-01T10:00:00').item()), repr(np.datetime64('2024-05-06T07:08:09.5').item()))
print(np.datetime64('2024-01-01').dtype, np.datetime64('2024-01-01T10').dtype, np.timedelta64(7, 'W').dtype)
print(isinstance(np.datetime64('2024-01-01'), np.datetime64), isinstance(np.timedelta64(1), np.timedelta64))
print(np.isnat(np.datetime64('NaT')), np.isnat(np.datetime64('2024-01-01')), np.isnat(np.timedelta64('NaT', 's')))
print(np.datetime64('2024-01-01') == np.datetime64('2024-01-01T00:00'), np.datetime64('NaT') == np.datetime64('NaT'))
print(np.datetime64('NaT') != np.datetime64('NaT'), np.timedelta64(1, 'h') < np.timedelta64(61, 'm'))
print(hash(np.datetime64('2024-01-01')) == hash(np.datetime64('2024-01-01')))
for bad in ['2024-13-01', '2024-02-30', '20x4', '2024-01-01T25', '2024-01-01T10:61', '2024-01-01T10:10:61',
            '2024-1-01', '2024-01-01X', '2024-01-01T1']:
    try:
        np.datetime64(bad)
    except ValueError as e:
        print('ValueError', e)
try:
    np.datetime64(5)
except ValueError as e:
    print('ValueError', e)
