import pandas as pd
s = pd.Series([1, 2, 2, 3, 10])
print(s.describe())
print(pd.Series([0.1, 0.2]).describe())
print(pd.Series([5]).describe())
df = pd.DataFrame({"a": [1, 2, 3], "b": [1.5, 2.5, None]})
print(df.describe().round(3))
