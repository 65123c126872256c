import pandas as pd
df = pd.DataFrame({"a": range(6), "b": list("uvwxyz"), "c": [x * 0.5 for x in range(6)]}, index=list("pqrstu"))
print(df.loc["q":"s", ["c", "a"]])
print(df.iloc[1:4, [0, 2]])
print(df.iloc[[5, 0], 1])
print(df.loc[df.a % 2 == 0])
print(df.loc[lambda d: d.c > 1.0, "b"])
print(df.at["r", "b"], df.iat[2, 0])
print(df.iloc[-1, -1])
