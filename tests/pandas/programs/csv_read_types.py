import io
import pandas as pd
data = """a,b,c,d,e,f
1,1.5,x,True,,7
2,NA,y,False,NaN,8
3,3,z,True,1.5,
"""
df = pd.read_csv(io.StringIO(data))
print(df)
print(df.dtypes)
print(pd.read_csv(io.StringIO(data), usecols=["a", "c"]))
print(pd.read_csv(io.StringIO(data), index_col=0))
print(pd.read_csv(io.StringIO(data), nrows=2))
