import pandas as pd
a = pd.DataFrame({"k1": [1, 1, 2], "k2": ["x", "y", "x"], "v": [1, 2, 3]})
b = pd.DataFrame({"k1": [1, 2, 2], "k2": ["x", "x", "y"], "w": [10, 20, 30]})
print(a.merge(b, on=["k1", "k2"]))
c = pd.DataFrame({"key": [1, 2], "v": [5, 6]})
print(a.merge(c, left_on="k1", right_on="key"))
print(a.merge(b, on="k1", suffixes=("_l", "_r")))
print(a.merge(b, on="k1"))
