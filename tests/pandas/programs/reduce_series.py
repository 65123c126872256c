import pandas as pd
s = pd.Series([4, 1, 3, 2])
print(s.sum(), s.mean(), s.min(), s.max(), s.median(), s.std(), s.var(), s.count(), s.prod())
f = pd.Series([1.5, None, 2.5, 4.0])
print(f.sum(), f.mean(), f.min(), f.max(), f.std(), f.count())
print(repr(s.sum()), repr(f.mean()), repr(s.count()))
print(s.idxmax(), s.idxmin(), s.argmax())
print(s.quantile(0.5), s.quantile(0.25), f.quantile(0.9))
print(pd.Series([True, False, True]).sum(), pd.Series([True, False]).any(), pd.Series([True, False]).all())
