# read_csv(dtype=int) of values that are not ints raises pandas' ValueError
# in read_csv itself (even when the column is never used afterwards).
import io
import pandas as pd

for text in ["a,b\n1,x\n2,3\n", "a,b\n1,2.5\n2,3\n", "a,b\n1,\n2,3\n", "a,b\n1,1e3\n2,3\n", "a,b\n1, 7\n2,3\n", "a,b\n1,-4.0\n2,3\n"]:
    try:
        df = pd.read_csv(io.StringIO(text), dtype={"b": int})
        print("read")
        print(df.b.tolist(), df.b.dtype)
    except Exception as e:
        print(type(e).__name__, e)
