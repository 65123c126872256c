# Malformed CSV text: a quoted field never closed, and rows with too many
# fields, give pandas' ParserError and message (never a wrong frame).
import io
import pandas as pd

cases = [
    ("a,b\n1,\"x\n2,3\n", {}),
    ("a,b\n1,2\n3,4\n5,\"x\n2,3\n", {}),
    ("z\na,b\n1,2\n3,\"x\n", {"skiprows": 1}),
    ("a,b\n1,2\n\n3,\"x\n", {}),
    ("\"a,b\n1,2\n", {}),
    ("a,b\n1,\"x\n2,3\n", {"nrows": 1}),
    ("a,b\n1,\"x\"\"\n", {}),
    ("a,b\n1,x\"y\n", {}),
    ("a,b\n1,\"x,y\"\n2,\"p\"\"q\"\n", {}),
    ("a,b\n1,2\n3,4,5\n", {}),
    ("a,b\n\"1\",2\n3,4,5\n", {}),
    ("a,b,c\n1,2\n3,4,5\n", {}),
]
for text, kw in cases:
    try:
        df = pd.read_csv(io.StringIO(text), **kw)
        print([str(t) for t in df.dtypes])
        print(df)
    except Exception as e:
        print(type(e).__name__, e)
