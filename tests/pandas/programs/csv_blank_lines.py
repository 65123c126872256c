import io
import os
import pandas as pd
# Blank lines are skipped (skip_blank_lines=True): before the header,
# between rows, at the end, with CRLF line ends, and in quoted files.
texts = [
    "a,b\n1,2\n\n3,4\n",
    "\n\na,b\n1,x\n\n\n2,y\n\n",
    "a,b\r\n1,2.5\r\n\r\n3,4.5\r\n\r\n",
    'a,s\n1,"p,q"\n\n2,"r"\n\n',
    "a\n1\n\n2\n\n3\n",
    "a,b,c\n1,,3\n\n,5,\n",
    "x,y\n\n\n",
    "a,b\n1,2\n   \n3,4\n \t \n",
    "  \n\na\n1\n  \n3\n",
    'a,s\n1,"p\n   \nq"\n  \n2,"r"\n',
    "a\tb\n1\t2\n\n3\t4\n",
]
for t in texts:
    df = pd.read_csv(io.StringIO(t), sep="\t" if "\t" in t.split("\n")[0] else ",")
    print(df)
    print(df.dtypes, len(df))
path = f"out_blank_lines_{os.getpid()}.csv"
with open(path, "w") as f:
    f.write("k,v\n\na,1\n\nb,2\n\nc,3\n\n\n")
df = pd.read_csv(path)
print(df)
print(df.v.sum(), len(df))
print(pd.read_csv(path, nrows=2))
print(pd.read_csv(path, usecols=["v"]).v.tolist())
os.remove(path)
