import pandas as pd
df = pd.DataFrame({"a": ["x", "y", "x", "x", "y", "z"], "b": [1, 1, 1, 2, 1, 2]})
print(df.value_counts())
print(df.value_counts(subset=["a"]))
print(df.a.value_counts(ascending=True))
print(df.b.value_counts(normalize=True))
print(df.a.value_counts().index.tolist())
