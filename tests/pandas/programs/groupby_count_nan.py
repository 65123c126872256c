import pandas as pd
df = pd.DataFrame({"k": ["a", "a", "b", "b"], "x": [1.0, None, None, None], "s": ["p", None, "q", "r"]})
print(df.groupby("k").count())
print(df.groupby("k").x.sum())
print(df.groupby("k").x.mean())
print(df.groupby("k").x.max())
print(df.groupby("k").s.first())
print(df.groupby("k").size())
