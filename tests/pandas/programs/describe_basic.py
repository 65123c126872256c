import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3, 4, 5], "b": [2.5, 3.5, 1.0, 8.0, 4.25]})
print(df.describe())
print(df["a"].describe())
print(pd.Series(["x", "y", "x"]).describe())
