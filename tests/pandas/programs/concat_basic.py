import pandas as pd
a = pd.DataFrame({"x": [1, 2], "y": ["a", "b"]})
b = pd.DataFrame({"x": [3, 4], "y": ["c", "d"]})
print(pd.concat([a, b]))
print(pd.concat([a, b], ignore_index=True))
c = pd.DataFrame({"x": [5], "z": [0.5]})
print(pd.concat([a, c]))
print(pd.concat([a["x"], b["x"]]))
print(pd.concat([a, b], axis=1))
