import pandas as pd
df = pd.DataFrame({"k": [1, 1, 2, 2, 2], "s": ["pear", "apple", "fig", None, "kiwi"]})
print(df.groupby("k").s.min())
print(df.groupby("k").s.max())
print(df.groupby("k").s.first())
print(df.groupby("k").s.count())
print(df.groupby("k").s.nunique())
