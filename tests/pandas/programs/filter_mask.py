import pandas as pd
df = pd.DataFrame({"x": [5, 1, 7, 3, 9], "y": ["a", "b", "c", "d", "e"]})
print(df[df["x"] > 3])
print(df[(df.x > 2) & (df.x < 8)])
print(df[(df.x < 2) | (df.y == "e")])
print(df[~(df.x > 3)])
print(len(df[df.x > 4]))
print(df[df.y.isin(["b", "d"])])
