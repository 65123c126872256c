import pandas as pd
df = pd.DataFrame({"k": [1, 1, 1, 2, 2, 3], "v": [1.0, 2.0, 4.0, 10.0, 13.0, 7.0]})
print(df.groupby("k").v.std())
print(df.groupby("k").v.var())
print(df.groupby("k").v.var(ddof=0))
print(df.groupby("k").v.median())
print(df.groupby("k").v.prod())
