import pandas as pd
s = pd.Series(["pear", "Apple", "banana", None, "apple", "Banana"])
print(s.sort_values())
print(s.sort_values(ascending=False))
df = pd.DataFrame({"n": ["b", "a", "b", "a"], "v": [1, 2, 3, 4]})
print(df.sort_values("n"))
