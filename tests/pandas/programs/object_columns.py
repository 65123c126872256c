import pandas as pd
s = pd.Series([1, "a", 2.5, None])
print(s)
print(s.dtype)
print(s.isna())
df = pd.DataFrame({"x": [[1, 2], [3], []], "y": [(1, "a"), (2, "b"), (3, "c")]})
print(df)
print(df.x.apply(len))
print(pd.Series([True, None, False]))
