import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3], "b": [1.5, 2.5, 3.5]})
df.iloc[0, 1] = 99.0
print(df)
df.loc[:, "a"] = 0
print(df)
df["c"] = df.a + df.b
df.loc[df.c > 10, "c"] = -1.0
print(df)
df[["a", "b"]] = df[["b", "a"]]
print(df)
s = pd.Series([1.0, 2.0, 3.0])
s.iloc[1:] = 7.0
print(s)
