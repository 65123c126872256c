import pandas as pd
df = pd.DataFrame({"a": [1, 2], "b": [3, 4]})
print(df.add_prefix("p_"))
print(df.add_suffix("_s"))
print(df.rename(columns=str.upper))
print(df.rename(index={0: "zero"}))
df.columns = ["x", "y"]
print(df)
