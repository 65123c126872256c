import pandas as pd
s = pd.Series(range(100), name="r")
print(s)
t = pd.Series([i * 0.5 for i in range(61)])
print(t)
print(pd.Series(range(60)))
