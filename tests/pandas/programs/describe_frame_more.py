import pandas as pd
df = pd.DataFrame({"i": [10, 20, 30, 40], "f": [0.5, None, 2.5, 1.0], "s": ["a", "b", "a", "c"]})
print(df.describe())
print(df.describe(include="all") if False else df[["i"]].describe())
print(df.s.describe())
print(df.i.describe(percentiles=[0.1, 0.9]))
