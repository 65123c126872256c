import pandas as pd
df = pd.DataFrame({"v": [10, 20, 30]}, index=pd.Index(["a", "b", "c"], name="key"))
print(df)
s = pd.Series([1.0, 2.0], index=pd.Index([5, 6], name="k"), name="val")
print(s)
print(pd.RangeIndex(5))
print(pd.Index([1, 2, 3]))
print(pd.Index(["a", "b"], name="n"))
print(pd.Index([1.5, 2.5]))
