import pandas as pd
df = pd.DataFrame({"k": ["a", None, "a", "b", None], "v": [1, 2, 3, 4, 5]})
print(df.groupby("k").v.sum())
print(df.groupby("k", dropna=False).v.sum())
f = pd.DataFrame({"k": [1.0, None, 1.0, 2.0], "v": [1.5, 2.5, 3.5, 4.5]})
print(f.groupby("k").v.mean())
