import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3]})
s = df["a"]
df["a"] = df["a"] * 10
print(s.tolist())
print(df.a.tolist())
sub = df[df.a > 10]
sub["a"] = 0
print(df.a.tolist(), sub.a.tolist())
import numpy as np
arr = np.array([1.0, 2.0, 3.0])
f = pd.DataFrame({"x": arr})
arr[0] = 99.0
print(f.x.tolist())
