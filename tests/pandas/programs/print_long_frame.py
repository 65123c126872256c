import pandas as pd
df = pd.DataFrame({"a": range(100), "b": [i * 1.5 for i in range(100)], "c": [str(i) for i in range(100)]})
print(df)
print(df.head(3))
print(df.tail(3))
