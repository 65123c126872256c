import pandas as pd
s = pd.Series(["short", "a much longer string value here", None, "tab\there"])
print(s)
df = pd.DataFrame({"name": ["alpha", "b"], "n": [1, 22]})
print(df)
print(pd.Series(["x" * 60]))
