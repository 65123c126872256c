import pandas as pd
a = pd.DataFrame({"k": ["x", "y", "x", "z"], "a": [1, 2, 3, 4]})
b = pd.DataFrame({"k": ["x", "x", "y", "w"], "b": [10, 20, 30, 40]})
print(a.merge(b, on="k"))
print(a.merge(b, on="k", how="left"))
print(a.merge(b, on="k", how="right"))
print(a.merge(b, on="k", how="outer"))
print(a.merge(b, on="k", how="left", sort=True))
