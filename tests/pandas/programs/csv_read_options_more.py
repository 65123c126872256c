# read_csv options beyond the basics: index_col giving a RangeIndex,
# header=n, skiprows as a list or a function, dtype=bool/object.
import io
import os
import pandas as pd

text = "id,name,score,flag\n1,ann,2.5,True\n2,bob,,False\n3,cy,4.0,true\n4,dee,n/a,FALSE\n"


def show(**kw):
    df = pd.read_csv(io.StringIO(text), **kw)
    print(df)
    print(df.dtypes)
    print(repr(df.index))


show(index_col=0)
show(index_col=["id"])
show(index_col="name")
show(usecols=["id", "score"], index_col="id")
show(header=1)
show(header=2, names=["a", "b", "c", "d"])
show(skiprows=[1, 3])
show(skiprows=lambda i: i == 2)
show(skiprows=[0], header=None)
show(skiprows=[2], nrows=2)
show(skiprows=1, header=1)
show(dtype={"flag": bool})
show(dtype={"id": "float64", "flag": "bool"})
show(dtype={"name": object, "score": "object"})
df = pd.read_csv(io.StringIO(text), dtype={"score": object})
print(df.score.tolist(), [type(v).__name__ for v in df.score])
print(pd.read_csv(io.StringIO("a\n\nb\nc\n1\n2\n"), header=2))
print(pd.read_csv(io.StringIO("a\n\nb\nc\n1\n2\n"), skiprows=[2]))
print(pd.read_csv(io.StringIO("a,b\n1,2\n3,4\n5,6\n"), skiprows=[5, 2]))
print(pd.read_csv(io.StringIO("a,b\r\n1,2\r\n3,4\r\n"), skiprows=[1]))
path = f"csv_read_options_more_{os.getpid()}.csv"
with open(path, "w") as f:
    f.write(text)
try:
    print(pd.read_csv(path, skiprows=[2, 3], index_col="id"))
    print(pd.read_csv(path, header=3))
finally:
    os.remove(path)
# Fewer names than columns: the leading columns become the index.
print(pd.read_csv(io.StringIO(text), names=["a", "b", "c"], header=0))
show(names=["a", "b", "c"], header=0)
show(names=["b", "c", "d"])
show(names=["a", "b", "c", "d"])
