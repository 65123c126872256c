import pandas as pd
a = pd.DataFrame({"k": [1, 2], "v": [1, 2]})
b = pd.DataFrame({"k": ["1", "2"], "w": [3, 4]})
try:
    a.merge(b, on="k")
except ValueError as e:
    print("ValueError", e)
try:
    a.merge(b, on="zz")
except KeyError as e:
    print("KeyError", e)
c = pd.DataFrame({"z": [1]})
try:
    a.merge(c)
except Exception as e:
    print(type(e).__name__, e)
