import pandas as pd
left = pd.DataFrame({"id": [1, 2, 3, 4], "x": ["a", "b", "c", "d"]})
right = pd.DataFrame({"id": [2, 4, 4, 5], "y": [20.0, 40.0, 41.0, 50.0]})
print(pd.merge(left, right, on="id"))
print(left.merge(right, on="id", how="left"))
print(left.merge(right, on="id", how="right"))
print(left.merge(right, on="id", how="outer"))
