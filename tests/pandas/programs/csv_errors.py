import io
import pandas as pd
bad = "a,b\n1,2\n3,4,5\n"
try:
    pd.read_csv(io.StringIO(bad))
except Exception as e:
    print(type(e).__name__, e)
try:
    pd.read_csv("does_not_exist.csv")
except FileNotFoundError as e:
    print(type(e).__name__, e)
try:
    pd.read_csv(io.StringIO(""))
except Exception as e:
    print(type(e).__name__, e)
