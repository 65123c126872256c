import pandas as pd
a = pd.Series([1, 2, 3], index=["x", "y", "z"])
b = pd.Series([10, 20, 30], index=["z", "y", "w"])
print(a + b)
print(a * 2 + b)
c = pd.Series([1.5, 2.5, 3.5], index=["x", "y", "z"])
print(a + c)
