import pandas as pd
df = pd.DataFrame({"v": [1, 2, 3, 4, 5, 6]})
print(df.groupby(df.v % 3).v.sum())
s = pd.Series([10, 20, 30, 40], index=["a", "b", "a", "b"])
print(s.groupby(level=0).sum())
