import numpy as np
import pandas as pd
i = np.arange(20000)
df = pd.DataFrame({"g": i % 5, "x": i * 0.001})
df["y"] = df.x * df.x
f = df[df.y > 100]
print(len(f))
print(f.g.value_counts().sort_index())
print(round(f.y.sum(), 6))
print(f.groupby("g").y.max().round(6))
g = f.sort_values("y", ascending=False)
print(g.head(3))
print(len(g), len(f), len(df))
