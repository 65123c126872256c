import pandas as pd
df = pd.DataFrame({"a": [1.0, None, 3.0], "b": [None, None, 1.0], "c": ["x", None, None]})
print(df.dropna(how="all"))
print(df.dropna(subset=["a", "b"], how="any"))
print(df.fillna({"a": 0.0, "c": "?"}))
print(df.isna().any())
print(df.count())
print(df.notna().sum(axis=1))
print(df.ffill())
