import pandas as pd
s = pd.Series([1, 5, 3, None])
print(s > 2)
print(s == 3)
print(s != 3)
print(s <= 3)
t = pd.Series(["b", "a", "c"])
print(t == "a")
print(t > "a")
