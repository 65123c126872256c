import io
import pandas as pd
text = "a,b\nNA,x\n-,y\n5,NULL\n"
print(pd.read_csv(io.StringIO(text)))
print(pd.read_csv(io.StringIO(text), na_values=["-"]))
print(pd.read_csv(io.StringIO(text), keep_default_na=False))
print(pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=["-"]))
