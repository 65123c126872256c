import numpy as np
import pandas as pd
i = np.arange(5000)
df = pd.DataFrame({"k": (i * 31) % 97, "v": i % 13, "f": (i % 7) * 0.25})
g = df.groupby("k").agg(v=("v", "sum"), f=("f", "mean"), n=("v", "size"))
print(g.head(10))
print(g.tail(3))
print(df.groupby("k").f.std().round(6).head())
print(df.groupby(["k", "v"]).size().head())
