import pandas as pd
a = pd.DataFrame({"x": [1, 2], "y": ["a", "b"]})
b = a.copy()
print(a.equals(b), a.x.equals(b.x))
b["x"] = [1, 3]
print(a.equals(b))
print(pd.Series([1.0, None]).equals(pd.Series([1.0, None])))
print(pd.Index([1, 2]).equals(pd.Index([1, 2])))
