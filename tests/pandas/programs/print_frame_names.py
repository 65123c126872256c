import pandas as pd
df = pd.DataFrame({"a": [1, 2], "b": [3, 4]})
df.index.name = "row"
print(df)
df.columns.name = "col"
print(df)
df2 = pd.DataFrame({1: [1, 2], 2: [3, 4]})
print(df2)
print(df2[1])
