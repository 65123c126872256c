import io
import pandas as pd
text = """ints,floats,bools,mixed,neg,exp,strs
1,1.0,true,1,-5,1e3,a
2,2.5,false,x,-7,2E-2,b
3,,TRUE,3,0,3e0,c
"""
df = pd.read_csv(io.StringIO(text))
print(df)
print(df.dtypes)
print(df.floats.sum())
print(df[df.bools].ints.tolist())
