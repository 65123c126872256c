import numpy as np
import pandas as pd
i = np.arange(100000)
df = pd.DataFrame({"a": (i * 7919) % 100003, "b": i % 10})
print(df.sort_values("a", ascending=False).head(5))
print(df.sort_values("a").head(3))
print(df.sort_values("b").head(4))
print(df.nlargest(3, "a"))
print(df.a.nsmallest(4))
