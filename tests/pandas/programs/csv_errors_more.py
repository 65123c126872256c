import io
import pandas as pd
for text in ["x\n1\n2\n3,4\n", "a,b,c\n1,2,3\n4,5,6,7\n8,9,10\n"]:
    try:
        print(pd.read_csv(io.StringIO(text)))
    except Exception as e:
        print(type(e).__name__, str(e).strip())
try:
    pd.read_csv(io.StringIO("a,b\n1,2\n"), usecols=["z"])
except ValueError as e:
    print("ValueError", e)
