import numpy as np
import pandas as pd
n = 10000
i = np.arange(n)
df = pd.DataFrame({"a": i % 7, "b": i * 0.5})
df["c"] = df.a * df.b
big = df[df.c > 100]
print(len(big))
print(big.shape)
print(big.c.sum())
print(big.groupby("a").c.sum())
