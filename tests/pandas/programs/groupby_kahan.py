import pandas as pd
vals = [0.1] * 10 + [1e16, 1.0, -1e16, 0.3, 0.7]
df = pd.DataFrame({"k": [i % 2 for i in range(len(vals))], "v": vals})
print(df.groupby("k").v.sum().map(repr))
print(df.groupby("k").v.mean().map(repr))
print(repr(df.v.sum()))
print(repr(df.v.mean()))
