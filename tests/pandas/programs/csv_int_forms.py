# The forms of integers read_csv takes as int64 (signs, leading zeros,
# spaces around, the int64 limits) and texts that are not ints (a lone
# sign, a sign after digits, digits with other characters), in inference
# and with dtype=int.
import io
import pandas as pd

text = """a,b,c,d,e,f,g,h
+5,007,9223372036854775807,-9223372036854775808, 12,-0,+,1-2
-3,0,1,2,4 ,+0,-,3x
10,-10,-9223372036854775807,0,  7  ,5,5,4
"""
df = pd.read_csv(io.StringIO(text))
print(df)
print(df.dtypes.to_string())
print(df["a"].sum(), df["c"].max(), df["d"].min(), df["e"].tolist(), df["f"].tolist())
print(df["g"].tolist(), df["h"].tolist())
forced = pd.read_csv(io.StringIO("x,y\n+1,-2\n 3,4.0\n-0,6\n"), dtype={"x": int, "y": int})
print(forced)
print(forced.dtypes.to_string())
try:
    pd.read_csv(io.StringIO("x\n1\n-\n"), dtype={"x": int})
except ValueError as e:
    print("ValueError", e)
