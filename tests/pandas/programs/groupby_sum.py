import pandas as pd
df = pd.DataFrame({"k": ["b", "a", "b", "c", "a"], "v": [1, 2, 3, 4, 5], "w": [0.5, 1.5, 2.5, 3.5, 4.5]})
print(df.groupby("k")["v"].sum())
print(df.groupby("k").sum())
print(df.groupby("k")["w"].mean())
print(df.groupby("k").v.count())
print(df.groupby("k").size())
print(df.groupby("k")["v"].min())
print(df.groupby("k")["w"].max())
