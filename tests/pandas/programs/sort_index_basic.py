import pandas as pd
s = pd.Series([1, 2, 3], index=["c", "a", "b"])
print(s.sort_index())
print(s.sort_index(ascending=False))
df = pd.DataFrame({"v": [1, 2, 3]}, index=[30, 10, 20])
print(df.sort_index())
