import pandas as pd
s = pd.Series([3, 1, 3, 2, 1, 3, 2, 1, 3, 3, 2, 2, 1, 1, 3, 2, 1, 3, 2, 2, 1, 1, 3], index=list("abcdefghijklmnopqrstuvw"))
print(s.sort_values().index.tolist())
print(s.sort_values(ascending=False).index.tolist())
print(s.sort_values(kind="stable").index.tolist())
df = pd.DataFrame({"k": [i % 4 for i in range(40)], "v": range(40)})
print(df.sort_values("k").v.tolist())
print(df.sort_values("k", ascending=False).v.tolist())
print(df.sort_values(["k", "v"], ascending=[True, False]).v.tolist())
