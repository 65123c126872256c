import pandas as pd
df = pd.DataFrame({"id": [1, 2, 3], "name": ["a", "b,c", None], "score": [1.5, None, 3.25], "ok": [True, False, True]})
text = df.to_csv()
print(text)
print(df.to_csv(index=False))
df.to_csv("out_roundtrip.csv", index=False)
back = pd.read_csv("out_roundtrip.csv")
print(back)
print(back.dtypes)
import os
os.remove("out_roundtrip.csv")
