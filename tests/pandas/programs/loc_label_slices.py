import pandas as pd
s = pd.Series(range(6), index=list("abcdef"))
print(s["b":"d"])
print(s.loc["c":])
print(s.loc[:"b"])
print(s[["f", "a"]])
print(s.iloc[-2:])
print(s[s > 3])
