import pandas as pd
s = pd.Series([1.0, 2.0, 3.0], index=["a", "b", "c"])
s["b"] = 20.0
print(s)
s.iloc[0] = -1
print(s)
s.loc[["a", "c"]] = 0.5
print(s)
t = pd.Series([1, 2, 3])
t2 = t.copy()
t2[0] = 100
print(t.tolist(), t2.tolist())
