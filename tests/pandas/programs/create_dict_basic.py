import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3], "b": [0.5, 1.25, -3.0], "c": ["x", "yy", "zzz"], "d": [True, False, True]})
print(df)
print(df.dtypes)
print(df.shape, len(df), df.size, df.ndim)
print(list(df.columns))
print(df.columns)
print(df.index)
