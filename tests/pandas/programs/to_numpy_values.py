import numpy as np
import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3], "b": [0.5, 1.5, 2.5]})
print(df["a"].to_numpy())
print(df["b"].values)
print(df.to_numpy())
print(df.values.shape)
print(df["a"].tolist(), df["b"].to_list())
print(np.asarray(df["a"]))
print(df["a"].to_numpy().sum())
