import numpy as np
import pandas as pd
a = np.arange(5) * 1.0
df = pd.DataFrame({"a": a})
b = df.a * 2
a[0] = 100.0
print(b.tolist())
lst = [1, 2, 3]
s = pd.Series(lst)
lst.append(4)
print(s.tolist())
df2 = pd.DataFrame({"v": [1, 2, 3]})
t = df2.v + 1
df2["v"] = [10, 20, 30]
print(t.tolist(), df2.v.tolist())
