import numpy as np
import pandas as pd
i = np.arange(6)
df = pd.DataFrame({"i": i, "sq": i * i, "half": i / 2.0, "even": i % 2 == 0})
print(df)
print(df.dtypes)
s = pd.Series(np.linspace(0.0, 1.0, 5), name="lin")
print(s)
a = np.arange(12).reshape(4, 3)
print(pd.DataFrame(a, columns=["x", "y", "z"]))
