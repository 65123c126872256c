import pandas as pd
s = pd.Series(["héllo", "naïve", "日本語", "Straße"])
print(s)
print(s.str.len())
print(s.str.upper())
print(s.str[1:3])
print(s.str.contains("ï"))
