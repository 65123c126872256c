import pandas as pd
df = pd.DataFrame({"a": [1, 2], "b": [1.0, None], "c": ["x", 'say "hi"']}, index=pd.Index(["r1", "r2"], name="row"))
print(df.to_csv())
print(df.to_csv(sep=";", na_rep="NA"))
print(df.to_csv(header=False))
print(df.to_csv(columns=["c"]))
print(pd.Series([1.5, 2.5], name="s").to_csv())
