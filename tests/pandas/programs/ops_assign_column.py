import pandas as pd
df = pd.DataFrame({"qty": [1, 2, 3], "price": [9.5, 3.0, 1.25]})
df["total"] = df["qty"] * df["price"]
df["flag"] = df["total"] > 5
df["const"] = 7
df["lst"] = [1, 2, 3]
df["qty"] = df["qty"] * 10
print(df)
print(df.dtypes)
