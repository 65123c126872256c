import pandas as pd
a = pd.DataFrame({"id": [1, 2], "val": [1.5, 2.5], "name": ["a", "b"]})
b = pd.DataFrame({"id": [2, 1], "val": [20, 10], "name": ["B", "A"]})
m = a.merge(b, on="id")
print(m)
print(list(m.columns))
print(a.merge(b, on=["id", "name"], how="outer"))
print(a.merge(b, left_on="id", right_on="val", how="left"))
