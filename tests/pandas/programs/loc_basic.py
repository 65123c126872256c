import pandas as pd
df = pd.DataFrame({"v": [1, 2, 3, 4], "w": [5.0, 6.0, 7.0, 8.0]}, index=["a", "b", "c", "d"])
print(df.loc["b"])
print(df.loc["b", "v"])
print(df.loc[["a", "c"]])
print(df.loc["b":"c"])
print(df.loc[:, "w"])
print(df.loc[df.v > 2, "w"])
print(df.loc[df.v > 2, ["w", "v"]])
s = df["v"]
print(s.loc["c"], s["d"])
