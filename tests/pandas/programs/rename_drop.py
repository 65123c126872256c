import pandas as pd
df = pd.DataFrame({"a": [1, 2], "b": [3, 4], "c": [5, 6]})
print(df.rename(columns={"a": "A", "c": "C"}))
print(df.drop(columns=["b"]))
print(df.drop("c", axis=1))
print(df.drop(index=[0]))
s = pd.Series([1, 2], name="x")
print(s.rename("y"))
