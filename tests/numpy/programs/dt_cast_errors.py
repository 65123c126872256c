# datetime64/timedelta64: astype under each casting rule, and NumPy's errors.
import numpy as np

pairs = [('M8[s]', 'M8[D]'), ('M8[D]', 'M8[s]'), ('M8[Y]', 'M8[D]'), ('M8[D]', 'M8[M]'), ('m8[Y]', 'm8[D]'),
         ('m8[D]', 'm8[Y]'), ('m8[h]', 'm8[s]'), ('m8[s]', 'm8[h]'), ('M8[D]', 'm8[D]'), ('m8[D]', 'M8[D]'),
         ('M8[D]', 'int64'), ('m8[D]', 'int64'), ('m8[D]', 'float64'), ('int64', 'm8[D]'), ('int64', 'M8[D]'),
         ('M8[Y]', 'M8[M]'), ('m8[Y]', 'm8[M]'), ('m8', 'm8[s]'), ('M8[D]', 'U10'), ('m8[s]', 'bool'),
         ('M8[D]', 'M8[D]'), ('m8[h]', 'm8[m]')]
for casting in ['safe', 'same_kind', 'no', 'unsafe']:
    for a, b in pairs:
        try:
            r = np.array([1], a).astype(b, casting=casting)
            print(casting, a, b, repr(r))
        except TypeError as e:
            print(casting, a, b, 'TypeError', e)
d = np.array(['2024-03-01', 'NaT'], 'M8[D]')
t = np.array([1, 2], 'm8[h]')
for f in [lambda: d + d, lambda: d * 2, lambda: t * t, lambda: d / d, lambda: d // t, lambda: t % 2,
          lambda: d < t, lambda: d < 5, lambda: t < 1.5, lambda: d + 1.5, lambda: t ** 2, lambda: -d, lambda: abs(d),
          lambda: d == t, lambda: d != 5, lambda: t == 1.5, lambda: t == np.array([1, 3]),
          lambda: np.datetime64('2024-01-01') == 5, lambda: d.sum(), lambda: np.dtype('M8[xs]'),
          lambda: np.array([1, 2], dtype='M8'), lambda: np.datetime64(3), lambda: np.isnat(np.array([1.0])),
          lambda: np.datetime_as_string(t), lambda: np.concatenate([d, t])]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
for f in [lambda: np.array([1.5, 2.0], dtype='m8[s]'), lambda: np.array([1.5], dtype='M8[s]'),
          lambda: np.array([True, False], dtype='m8[s]'), lambda: np.array([1.5, np.nan]).astype('m8[s]'),
          lambda: np.array([-1.5]).astype('m8[s]'), lambda: np.array([1, 2]).astype('M8'),
          lambda: np.array(['2024-01-01'], 'M8[D]').astype('M8', casting='safe'),
          lambda: np.array(['2024-01-01'], 'M8[D]').astype('M8[W]', casting='safe'),
          lambda: np.array(['2024-01-01'], 'M8[D]').astype('M8[D]', casting='no'),
          lambda: np.array(['2024-01-01'], 'M8[D]').astype('M8[s]', casting='equiv')]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
