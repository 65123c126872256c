import io
import pandas as pd
text = "a,b\r\n1,x\r\n\r\n2,y\r\n3,\r\n"
df = pd.read_csv(io.StringIO(text))
print(df)
print(df.b.tolist())
text2 = "a,b\n1,2\n\n\n3,4\n"
print(pd.read_csv(io.StringIO(text2)))
print(pd.read_csv(io.StringIO("a,b\n1,2\n3\n")))
