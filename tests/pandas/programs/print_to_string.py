import pandas as pd
s = pd.Series([1.5, 2.25], index=["a", "b"], name="v")
print(s.to_string())
print(s.to_string(index=False))
df = pd.DataFrame({"a": [1, 2], "b": ["x", "y"]})
print(df.to_string())
print(df.to_string(index=False))
