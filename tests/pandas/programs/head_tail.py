import pandas as pd
df = pd.DataFrame({"a": range(10), "b": [x * x for x in range(10)]})
print(df.head())
print(df.head(2))
print(df.tail(2))
print(df.head(-7))
print(df["b"].head(3))
print(df.iloc[3:6])
