import pandas as pd
df = pd.DataFrame({"a": [1, 1, 2, 2, 1], "b": ["x", "y", "x", "x", "x"], "v": [1.0, 2.0, 3.0, 4.0, 5.0]})
g = df.groupby(["a", "b"])["v"].sum()
print(g)
print(df.groupby(["a", "b"]).v.mean())
print(df.groupby(["a", "b"]).size())
print(df.groupby(["b", "a"])["v"].count())
