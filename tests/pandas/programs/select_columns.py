import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3], "b": [4, 5, 6], "c": [7, 8, 9]})
print(df["a"])
print(df[["c", "a"]])
print(df.b)
print("a" in df, "z" in df)
for col in df:
    print(col)
print(df.columns.tolist())
