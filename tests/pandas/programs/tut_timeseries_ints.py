import pandas as pd
days = pd.DataFrame({"day": range(1, 15), "sales": [5, 7, 3, 9, 12, 4, 6, 8, 10, 2, 11, 13, 1, 14]})
days["week"] = (days.day - 1) // 7 + 1
days["cum"] = days.sales.cumsum()
days["change"] = days.sales.diff()
print(days)
print(days.groupby("week").sales.agg(["sum", "mean", "max"]))
print(days.sales.shift(2).head(4))
print(days.nlargest(3, "sales"))
