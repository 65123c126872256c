import io
import pandas as pd
text = 'a,b,c\n1,"hello, world",2.5\n2,"multi\nline",3.5\n3,"quote ""x""",\n'
df = pd.read_csv(io.StringIO(text))
print(df)
print(df.b.tolist())
print(df.dtypes)
