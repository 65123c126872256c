import io
import pandas as pd
text = ",a,a,b\n0,1,2,3\n1,4,5,6\n"
df = pd.read_csv(io.StringIO(text))
print(df)
print(list(df.columns))
print(pd.read_csv(io.StringIO(text), index_col=0))
q = 'n,s\n1,"x,y"\n2,"say ""hi"""\n3,\n'
print(pd.read_csv(io.StringIO(q)))
