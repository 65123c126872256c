import pandas as pd
a = pd.DataFrame({"k": [1.0, None, 3.0], "v": [1, 2, 3]})
b = pd.DataFrame({"k": [None, 3.0, 4.0], "w": ["x", "y", "z"]})
print(a.merge(b, on="k"))
print(a.merge(b, on="k", how="outer"))
s1 = pd.DataFrame({"k": ["a", None], "v": [1, 2]})
s2 = pd.DataFrame({"k": [None, "a"], "w": [3, 4]})
print(s1.merge(s2, on="k"))
