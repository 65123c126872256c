import pandas as pd
df = pd.DataFrame({"f": [0.1, 1e-05, 123456789.5, 1e20, -2.0, float("nan")], "i": [1, 2, 3, 4, 5, 6]})
print(df.to_csv(index=False))
print(df.to_csv(index=False, float_format="%.2f"))
