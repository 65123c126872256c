import pandas as pd
df = pd.DataFrame({"i": [1], "f": [1.0], "b": [True], "s": ["x"], "o": [[1, 2]]})
print(df.dtypes)
for c in df:
    print(c, df[c].dtype, str(df[c].dtype), df[c].dtype == "int64")
print(df.s.dtype == "str", df.s.dtype == object, df.o.dtype == object)
print(df)
