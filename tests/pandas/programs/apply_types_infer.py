import pandas as pd
s = pd.Series([1, 2, 3])
print(s.apply(lambda v: None if v == 2 else v))
print(s.apply(lambda v: [v, v]))
print(s.apply(lambda v: (v, str(v))))
print(s.apply(lambda v: v if v != 2 else 2.5))
print(s.apply(lambda v: True if v > 1 else None))
print(s.map({1: 1.5}))
print(s.apply(lambda v: str(v) * v))
