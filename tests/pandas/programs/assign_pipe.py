import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3]})
print(df.assign(b=df.a * 2, c=lambda d: d.a + 100))
print(df.pipe(lambda d: d.a.sum()))
df.insert(0, "first", ["x", "y", "z"])
print(df)
print(df.pop("first"))
print(df)
