import pandas as pd
df = pd.DataFrame({"a": [1, 2], "b": ["x", "y"]})
for idx, row in df.iterrows():
    print(idx, row["a"], row["b"])
for t in df.itertuples():
    print(t)
for t in df.itertuples(index=False):
    print(t.a, t.b)
for k, v in df.items():
    print(k, v.tolist())
print(df.to_dict())
print(df.to_dict(orient="records"))
print(df.to_dict(orient="list"))
print(df["a"].to_dict())
