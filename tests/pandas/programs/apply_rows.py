import pandas as pd
df = pd.DataFrame({"a": [1, 2, 3], "b": [0.5, 1.5, 2.5], "c": ["x", "y", "z"]})
print(df.apply(lambda r: r["a"] * r["b"], axis=1))
print(df.apply(lambda r: f"{r['c']}{r['a']}", axis=1))
print(df[["a", "b"]].apply(lambda r: r.sum(), axis=1))
print(df.apply(lambda r: r.a + 1, axis=1))
print(df[["a", "b"]].apply(lambda col: col.max()))
