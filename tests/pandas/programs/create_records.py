import pandas as pd
rows = [{"name": "ann", "age": 31}, {"name": "bob", "age": 25}, {"name": "cy", "age": 40}]
df = pd.DataFrame(rows)
print(df)
df2 = pd.DataFrame([[1, "a"], [2, "b"]], columns=["n", "s"])
print(df2)
df3 = pd.DataFrame({"a": [1, 2]}, index=["r1", "r2"])
print(df3)
