# Group-bys on two and three keys over a frame of many rows (string keys
# with missing values, int and float keys), with dropna both ways; groups
# are numbered by first appearance and sorted as pandas sorts them.
import numpy as np
import pandas as pd

n = 90_000
i = np.arange(n)
regions = ["north", "south", None, "east", "west"]
df = pd.DataFrame({
    "r": [regions[(j * 7) % 5] for j in range(n)],
    "c": (i * 13) % 6,
    "f": ((i * 3) % 4) / 2.0,
    "v": (i * 7919) % 1000 / 4.0,
})
g = df.groupby(["r", "c"])["v"].sum()
print(len(g))
print(g.head(8).round(2).to_string())
print(df.groupby(["c", "r"], sort=False)["v"].mean().head(6).round(4).to_string())
three = df.groupby(["r", "c", "f"], dropna=False).size()
print(len(three), int(three.sum()))
print(three.tail(5).to_string())
top = df.groupby(["r", "f"])["v"].sum().sort_values(ascending=False).head(3)
print(top.round(2).to_string())
print(df.groupby(["f", "c"]).agg(total=("v", "sum"), n=("v", "count")).head(4))
