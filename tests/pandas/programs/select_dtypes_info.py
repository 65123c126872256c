import pandas as pd
df = pd.DataFrame({"i": [1, 2], "f": [1.5, 2.5], "s": ["a", "b"], "b": [True, False]})
print(df.select_dtypes(include="number"))
print(df.select_dtypes(include=["int64"]).columns.tolist())
print(df.select_dtypes(exclude=["number"]).columns.tolist())
print(df.keys().tolist())
print(df.empty, pd.DataFrame().empty)
print(pd.DataFrame())
print(pd.DataFrame(columns=["a", "b"]))
