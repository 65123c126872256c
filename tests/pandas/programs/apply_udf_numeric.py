import pandas as pd
s = pd.Series([i * 0.5 for i in range(20)])
def f(x):
    if x > 5:
        return x * 2
    return x - 1
print(s.apply(f).sum())
print(s.map(lambda v: int(v)).tolist())
print(s.apply(lambda v: v > 3).sum())
t = pd.Series(range(10))
print(t.apply(lambda v: v * v).tolist())
print(t.apply(lambda v: "even" if v % 2 == 0 else "odd").value_counts())
