# datetime64/timedelta64 with the rest of numpy: ufuncs, cumsum, pickle, .npy files, bytes, views, Python objects.
import io
import pickle
import numpy as np

d = np.array(['2024-03-01', 'NaT', '2024-01-15'], 'M8[D]')
t = np.array([1, -2, 3], 'm8[h]')
print(repr(np.maximum(t, np.timedelta64(0, 'h'))), repr(np.minimum(t, np.timedelta64(90, 'm'))))
print(repr(np.maximum(d, np.datetime64('2024-02-01'))), repr(np.fmax(d, np.datetime64('2024-02-01'))))
print(repr(np.minimum(np.array([1, 'NaT'], 'm8[s]'), np.array([0, 5], 'm8[s]'))), repr(np.fmin(np.array([1, 'NaT'], 'm8[s]'), np.array([0, 5], 'm8[s]'))))
print(repr(np.abs(t)), repr(np.negative(t)), repr(np.positive(t)), repr(np.sign(t)), repr(np.absolute(np.timedelta64(-3, 's'))))
print(repr(np.isfinite(d)), repr(np.isnan(d)), repr(np.isinf(t)), repr(np.isnat(t)), repr(np.isfinite(np.datetime64('NaT'))))
print(repr(t.cumsum()), repr(np.cumsum(np.array([1, 'NaT', 3], 'm8[D]'))), repr(np.array([[1, 2], [3, 4]], 'm8[s]').cumsum(axis=1)))
print(repr(np.array([d, d])), repr(np.array([np.datetime64('2024-01-01'), np.datetime64('2024-01-02')])))
print(repr(np.datetime64('2024-01-01').astype('M8[M]')), repr(np.datetime64('2024-01-01').astype(int)), repr(np.timedelta64(90, 'm').astype('m8[h]')))
print(sorted([np.datetime64('2024-01-02'), np.datetime64('2024-01-01')]), {np.datetime64('2024-01-01'): 1}[np.datetime64('2024-01-01')])
print(np.timedelta64(1, 'D') / 2, np.timedelta64(1, 'D') == np.timedelta64(24, 'h'), str(d[0]), f"{d[0]}", int(np.timedelta64(5, 'ns')))
print(repr(d.dtype.type('2024-05-05')), repr(np.dtype('m8[h]').type(4, 'h')), repr(np.datetime64('2024-01-01') + np.arange(3).astype('m8[D]')))
for f in [lambda: int(np.timedelta64(5, 's')), lambda: float(np.timedelta64(5, 's')), lambda: np.exp(d), lambda: np.sqrt(t),
          lambda: t.prod(), lambda: d.cumsum(), lambda: np.negative(d)]:
    try:
        print(repr(f()))
    except Exception as e:
        print(type(e).__name__, e)
r = pickle.loads(pickle.dumps(d))
print(repr(r), r.dtype, repr(pickle.loads(pickle.dumps(t))))
print(d.tobytes() == np.array([19783, -2 ** 63, 19737]).tobytes(), repr(np.frombuffer(d.tobytes(), dtype='M8[D]')))
buf = io.BytesIO()
np.save(buf, t)
buf.seek(0)
print(repr(np.load(buf)))
v = d.view('int64')
print(repr(v), repr(d.view('M8[W]')) if False else '', repr(np.array([0, 7], 'M8[D]').view('m8[D]')))
print(repr(d.view('int64') // 7), repr(np.datetime64('2024-03-01') - np.timedelta64(1, 'D')))
print(repr(np.median(np.array([1, 2, 4, 8], 'm8[h]'))), repr(np.median(np.array([1, 'NaT', 3], 'm8[h]'))),
      repr(np.median(np.array([3, 1, 2], 'm8[h]'))), repr(np.median(np.array([1, 2], 'm8[s]'))),
      repr(np.median(np.array([[1, 5], [3, 9], [2, 2]], 'm8[m]'), axis=0)))
try:
    np.median(d)
except Exception as e:
    print(type(e).__name__, e)
