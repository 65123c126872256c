import pandas as pd
s = pd.Series(["a", "b", "a", "c", "b", "a", None])
print(s.value_counts())
print(s.value_counts(normalize=True))
print(pd.Series([3, 1, 3, 2, 2, 3]).value_counts())
print(pd.Series([1, 2, 3, 4]).value_counts())
print(s.value_counts(dropna=False))
print(s.nunique(), s.unique())
