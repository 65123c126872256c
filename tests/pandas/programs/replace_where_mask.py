import pandas as pd
s = pd.Series([1, 2, 3, 2])
print(s.replace(2, 20))
print(s.replace({1: 10, 3: 30}))
print(s.where(s > 1, 0))
print(s.mask(s > 2, -1))
print(s.where(s > 5))
t = pd.Series(["a", "b", "a"])
print(t.replace("a", "z"))
