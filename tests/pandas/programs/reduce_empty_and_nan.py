import pandas as pd
e = pd.Series([], dtype="float64")
print(e.sum(), e.mean(), e.count())
n = pd.Series([float("nan"), float("nan")])
print(n.sum(), n.mean(), n.max(), n.count())
print(pd.Series([1, 2]).mean())
print(pd.Series([2.0, 4.0]).std(ddof=0))
print(pd.Series([5.0]).std())
