# A mask over a frame of many rows and columns of every dtype (ints,
# floats, strings, bools, objects, a range index), alone and after derived
# columns; the rows kept and the columns' values must match row by row.
import numpy as np
import pandas as pd

n = 120_000
i = np.arange(n)
words = ["red", "green", "blue", "yellow", "cyan"]
df = pd.DataFrame({
    "k": i % 13,
    "x": (i * 7919) % 1000 / 8.0,
    "s": [words[j % 5] + str(j % 7) for j in range(n)],
    "b": i % 3 == 0,
    "o": [j if j % 4 else str(j) for j in range(n)],
})
df["y"] = df["x"] * 2.0 + df["k"]
kept = df[(df["x"] > 40.0) & (df["k"] != 5)]
print(len(kept))
print(kept.head(7))
print(kept.tail(5))
print(kept["k"].sum(), round(kept["x"].sum(), 3), round(kept["y"].mean(), 6))
print(kept["s"].value_counts().head(4))
print(int(kept["b"].sum()), kept["o"].iloc[::9973].tolist())
none = df[df["x"] < 0]
print(len(none), list(none.columns))
every = df[df["k"] >= 0]
print(len(every), every["s"].iloc[-1], every.index[-1])
