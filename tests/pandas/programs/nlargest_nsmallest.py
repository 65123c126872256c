import pandas as pd
s = pd.Series([5, 3, 9, 3, 7, 9, 1], index=list("abcdefg"))
print(s.nlargest(3))
print(s.nsmallest(3))
print(s.nlargest(10))
df = pd.DataFrame({"a": [3, 1, 4, 1, 5], "b": list("vwxyz")})
print(df.nlargest(2, "a"))
print(df.nsmallest(2, "a"))
