import pandas as pd
df = pd.DataFrame({"a": ["x", "y", "x"], "b": [1, 1, 2], "c": [0.5, 1.5, 2.5]})
print(df.groupby("a", as_index=False).size())
print(df.groupby(["a", "b"], as_index=False).c.sum())
print(df.groupby("a", as_index=False).agg(total=("c", "sum")))
