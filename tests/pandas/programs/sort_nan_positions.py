import pandas as pd
df = pd.DataFrame({"x": [2.0, None, 1.0, None, 3.0], "y": ["b", "a", None, "c", "d"]})
print(df.sort_values("x"))
print(df.sort_values("x", na_position="first"))
print(df.sort_values("y"))
print(df.sort_values("y", ascending=False))
print(df.sort_values(["x", "y"]))
