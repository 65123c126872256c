import pandas as pd
df = pd.DataFrame({"a": [1, 2]})
try:
    df["zz"]
except KeyError as e:
    print("KeyError", e)
try:
    df[["a", "zz"]]
except KeyError as e:
    print("KeyError", e)
try:
    df["b"] = [1, 2, 3]
except ValueError as e:
    print("ValueError", e)
try:
    pd.Series([1, 2]) == pd.Series([1, 2], index=[5, 6])
except ValueError as e:
    print("ValueError", e)
try:
    df.groupby("zz")
except KeyError as e:
    print("KeyError", e)
try:
    pd.Series([1.5, None]).astype(int)
except Exception as e:
    print(type(e).__name__, e)
