import numpy as np
import pandas as pd
i = np.arange(3000)
s = pd.Series((i * 7919) % 11)
print(s.sort_values().index[:20].tolist())
print(s.sort_values().index[-20:].tolist())
print(s.sort_values(ascending=False).index[:20].tolist())
f = pd.Series(((i * 31) % 17) * 0.5)
print(f.sort_values().index[:15].tolist())
print(f.sort_values(ascending=False).head(7))
df = pd.DataFrame({"k": (i * 13) % 5, "v": i})
print(df.sort_values("k").head(8))
print(df.sort_values("k", ascending=False).tail(4))
