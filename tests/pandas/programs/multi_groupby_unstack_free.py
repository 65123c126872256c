import pandas as pd
df = pd.DataFrame({"year": [2020, 2020, 2021, 2021, 2021], "q": [1, 2, 1, 1, 2], "v": [10.0, 20.0, 30.0, 40.0, 50.0]})
g = df.groupby(["year", "q"]).v.sum()
print(g)
print(g.loc[2021])
print(g.sort_values(ascending=False))
print(g.reset_index().sort_values("v"))
print(df.groupby(["year", "q"], as_index=False).v.mean())
