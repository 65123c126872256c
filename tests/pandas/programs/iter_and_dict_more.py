import pandas as pd
s = pd.Series([1.5, 2.5], index=["a", "b"])
print(list(s))
print(list(s.items()))
print(dict(s))
print(s.keys().tolist())
df = pd.DataFrame({"x": [1, 2], "y": [0.5, 1.5]})
print(df.to_dict(orient="index"))
print(df.to_dict(orient="split"))
print([r for r in df.itertuples(name=None)])
for col, ser in df.items():
    print(col, ser.sum())
