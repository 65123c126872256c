import pandas as pd
print(pd.Index(range(200)))
print(pd.Index([f"label_{i}" for i in range(30)]))
print(pd.Index([1.5, 2.5, 3.5], name="x"))
print(pd.RangeIndex(3, 30, 3, name="r"))
df = pd.DataFrame({"a": range(5)})
print(df.index)
print(df[df.a > 1].index)
