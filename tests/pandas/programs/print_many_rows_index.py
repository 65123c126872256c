import pandas as pd
df = pd.DataFrame({"v": range(0, 300, 3)}, index=[f"r{i}" for i in range(100)])
print(df)
s = pd.Series(range(70), index=range(1000, 1070))
print(s)
