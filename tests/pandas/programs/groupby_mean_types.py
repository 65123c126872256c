import pandas as pd
df = pd.DataFrame({"k": [1, 1, 2], "i": [1, 2, 3], "b": [True, False, True]})
print(df.groupby("k").mean())
print(df.groupby("k").sum())
print(df.groupby("k").b.sum())
print(df.groupby("k").i.median())
print(df.groupby("k").mean().dtypes)
