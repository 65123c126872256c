import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3, 4], "b": [1.0, 2.0, 3.0, 4.0]})
df.loc[df.a > 2, "b"] = 0.0
print(df)
df.loc[0, "a"] = 100
print(df)
s = pd.Series([1, 2, 3])
s[s > 1] = 9
print(s)
df["c"] = "x"
df.loc[df.a == 2, "c"] = "y"
print(df)
