import pandas as pd
s = pd.Series(["1", "2.5", "x"])
print(pd.to_numeric(s, errors="coerce"))
print(pd.to_numeric(pd.Series(["3", "4"])))
try:
    pd.to_numeric(s)
except ValueError as e:
    print("ValueError", e)
print(pd.unique(pd.Series([2, 1, 2])))
