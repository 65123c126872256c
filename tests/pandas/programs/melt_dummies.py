import pandas as pd
df = pd.DataFrame({"id": [1, 2], "x": [10, 20], "y": [30, 40]})
print(df.melt(id_vars=["id"]))
print(df.melt(id_vars="id", value_vars=["y"], var_name="k", value_name="val"))
print(pd.get_dummies(pd.Series(["a", "b", "a"])))
print(pd.get_dummies(pd.Series(["a", "b", "a"], name="c"), dtype=int))
