import pandas as pd
seen = []
def f(x):
    seen.append(x)
    return x + 1
s = pd.Series([1.5, 2.5, 3.5])
print(s.apply(f).tolist(), seen)
total = [0]
def g(x):
    total[0] += 1
    return x * 2 if x > 2 else x
print(s.apply(g).tolist(), total[0])
import math
print(s.apply(math.floor).tolist())
print(s.apply(lambda x: round(x)).tolist())
print(s.apply(lambda x: int(x)).tolist())
print(pd.Series([1.0, 0.0]).apply(lambda x: 1 / x if x else float("inf")).tolist())
