import pandas as pd
df = pd.DataFrame({"k": ["a", "b", "a", "b", "c"], "v": [1, 2, 3, 4, 5]})
df["mean_k"] = df.groupby("k")["v"].transform("mean")
df["sum_k"] = df.groupby("k").v.transform("sum")
print(df)
