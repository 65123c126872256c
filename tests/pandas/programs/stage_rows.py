import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3, 4], "b": [0.5, 1.5, -2.5, 4.0], "c": ["x", "y", "x", "z"]})
print(df.apply(lambda r: r["a"] * r["b"], axis=1))
print(df.apply(lambda r: r.a + 10 if r.b > 0 else r.a - 10, axis=1))
print(df[["a", "b"]].apply(lambda r: r["a"] + r["b"], axis=1))
print(df.apply(lambda r: r["c"] == "x", axis=1))
print(df[["a"]].apply(lambda r: r["a"] * 2, axis=1))
