# numpy's business-day functions: is_busday, busday_count, busday_offset, busdaycalendar.
import numpy as np

print(repr(np.busday_count('2024-01-01', '2024-02-01')), repr(np.is_busday(np.array(['2024-01-06', '2024-01-08'], 'M8[D]'))))
print(repr(np.busday_offset('2024-01-06', 1, roll='forward')), repr(np.busday_offset('2024-01-05', [1, 2, -1])))
print(repr(np.busday_count(np.array(['2024-02-01', '2024-01-01'], 'M8[D]'), '2024-01-15')))
print(repr(np.is_busday('2024-01-01', holidays=['2024-01-01'])), repr(np.is_busday('2024-01-06', weekmask='Sat Sun')))
print(repr(np.busday_offset('2024-01-01', 3, weekmask='1111100', holidays=['2024-01-02'])))
for r in ['backward', 'following', 'preceding', 'modifiedfollowing', 'modifiedpreceding', 'nat']:
    print(r, repr(np.busday_offset(['2024-03-30', '2024-06-01', 'NaT'], 0, roll=r)))
print(repr(np.busday_count('2024-01-10', '2024-01-01')), repr(np.busday_offset(np.datetime64('2024-01'), 2)))
print(repr(np.busday_count(['2024-01-01', '2024-02-01'], [['2024-03-01'], ['2024-04-01']])))
c = np.busdaycalendar(weekmask='1111100', holidays=['2024-01-01', '2024-01-06', '2024-01-01'])
print(repr(c.weekmask), repr(c.holidays))
print(repr(np.busday_count('2024-01-01', '2024-01-31', busdaycal=c)), repr(np.is_busday('NaT')))
print(repr(np.is_busday('2024-01-01', weekmask=[1, 0, 1, 0, 1, 0, 0])))
print(repr(np.busday_offset('2024-02-28', np.arange(-3, 4), roll='forward', holidays=['2024-02-29'])))
days = np.arange('2024-01-01', '2024-01-15', dtype='M8[D]')
print(days[np.is_busday(days)])
print(repr(np.busday_count(days[:-1], days[1:])))
for f in [lambda: np.busday_offset('2024-01-06', 1), lambda: np.busday_count('NaT', '2024-01-01'),
          lambda: np.busday_offset('2024-01-01', 1, roll='bogus'), lambda: np.is_busday('2024-01-01', weekmask='0000000'),
          lambda: np.is_busday('2024-01-01', weekmask='111'), lambda: np.busday_count('2024-01-01T10:00', '2024-01-05')]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
