import pandas as pd
df = pd.DataFrame({"k": ["b", "a", "c", "b", "a"], "v": [1, 2, 3, 4, 5]})
print(df.groupby("k", sort=False).v.sum())
print(df.groupby("k", sort=False).size())
