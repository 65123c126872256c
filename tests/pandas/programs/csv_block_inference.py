# Type inference over a file read in blocks: a column's type is decided by
# all its values, wherever in the file the odd one is.
import io
import pandas as pd

n = 40000
rows = ["i,f,s,b,m,short"]
for k in range(n):
    f = "2.5" if k == n - 1 else str(k)
    s = "x" if k == n // 2 else str(k % 7)
    m = "" if k == 3 else str(k * 3)
    short = "" if k % 1000 == 0 else f",{k % 5}"
    rows.append(f"{k},{f},{s},{'True' if k % 2 else 'False'},{m}{short}")
text = "\n".join(rows) + "\n"
df = pd.read_csv(io.StringIO(text))
print(df.dtypes.to_string())
print(df.tail(3))
print(df["f"].sum(), df["m"].sum(), df["short"].sum(), df["b"].sum())
print(df["s"].value_counts().head(3).to_string())
print(pd.read_csv(io.StringIO(text), usecols=["s", "f"]).iloc[n // 2 - 1 : n // 2 + 2])
print(pd.read_csv(io.StringIO(text), dtype={"i": float}).i.sum())
try:
    pd.read_csv(io.StringIO(text), dtype={"f": int})
except Exception as e:
    print(type(e).__name__, e)
tail = "\n".join(["a,b"] + [f"{k},{k}" for k in range(30000)] + ["1,2,3"]) + "\n"
try:
    pd.read_csv(io.StringIO(tail))
except Exception as e:
    print(type(e).__name__, e)
print(len(pd.read_csv(io.StringIO(tail), nrows=29999)))
print(pd.read_csv(io.StringIO("x,y\n" + "1.25,-0.5\n" * 3 + "-0.0,12345678901234567\n")).to_string())
