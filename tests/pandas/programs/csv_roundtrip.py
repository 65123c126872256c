import os
import pandas as pd
df = pd.DataFrame({"id": [1, 2, 3], "name": ["a", "b,c", None], "score": [1.5, None, 3.25], "ok": [True, False, True]})
text = df.to_csv()
print(text)
print(df.to_csv(index=False))
# One file per process: the lazy and eager runs of this program run at once.
path = f"out_roundtrip_{os.getpid()}.csv"
df.to_csv(path, index=False)
back = pd.read_csv(path)
print(back)
print(back.dtypes)
os.remove(path)
