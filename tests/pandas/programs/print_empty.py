import pandas as pd
df = pd.DataFrame({"a": [1, 2], "b": ["x", "y"]})
print(df[df.a > 5])
print(df[df.a > 5].shape)
print(df.a[df.a > 5])
print(pd.Series([], dtype="str"))
print(pd.DataFrame(columns=["x"]))
print(df.head(0))
