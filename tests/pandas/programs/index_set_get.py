import pandas as pd
df = pd.DataFrame({"k": ["x", "y", "z"], "v": [1, 2, 3]}).set_index("k")
print(df.loc["y", "v"])
print(df.index.tolist())
df.index = ["p", "q", "r"]
print(df)
df2 = df.rename_axis("key")
print(df2)
print(df2.reset_index())
s = pd.Series([1, 2, 3], index=["a", "b", "c"])
print(s.reset_index())
print(s.reset_index(name="val"))
print(s.to_frame())
print(s.to_frame("x"))
