import pandas as pd
sales = pd.DataFrame({
    "region": ["north", "south", "north", "east", "south", "east", "north"],
    "units": [10, 4, 7, 12, 3, 8, 5],
    "price": [2.5, 3.0, 2.5, 1.75, 3.0, 1.75, 2.5],
})
sales["revenue"] = sales.units * sales.price
print(sales)
summary = sales.groupby("region").agg(units=("units", "sum"), revenue=("revenue", "sum"))
print(summary)
print(summary.sort_values("revenue", ascending=False))
print(sales[sales.revenue > 15].region.value_counts())
print(round(sales.revenue.mean(), 3))
