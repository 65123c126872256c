import pandas as pd
df = pd.DataFrame({"flag": [True, False, True, True], "name": ["x", "y", "x", "z"], "v": [1.5, 2.0, 3.5, 4.0]})
print(df.groupby("flag").v.sum())
print(df.groupby("name").v.agg(["min", "max", "count"]))
print(df.groupby(["flag", "name"]).v.sum())
