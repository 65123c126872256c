import pandas as pd
s = pd.Series([10, 20, 30], index=[3, 1, 2])
print(s[1], s.loc[3])
print(s.iloc[0])
print(s[1:])
df = pd.DataFrame({"v": [1, 2, 3]}, index=[10, 20, 30])
print(df.loc[20])
print(df.loc[[30, 10]])
try:
    s["x"]
except KeyError as e:
    print("KeyError", e)
