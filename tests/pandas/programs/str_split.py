import pandas as pd
s = pd.Series(["a b c", "d e", "f", None])
w = s.str.split(" ")
print(w)
print(w.str.len())
print(w.str.get(0))
print(s.str.split())
print(w.apply(lambda x: len(x) if isinstance(x, list) else -1))
