import pandas as pd
df = pd.DataFrame({"a": [2, 1, 2, 1, 3], "b": [9.5, 3.5, 1.5, None, 2.0], "c": list("pqrst")})
print(df.sort_values(["a", "b"]))
print(df.sort_values(["a", "b"], ascending=[False, True]))
print(df.sort_values("b", na_position="first"))
print(df.sort_values(["a", "c"], ascending=False))
print(df.sort_values("a", ignore_index=True))
