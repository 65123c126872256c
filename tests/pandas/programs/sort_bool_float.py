import pandas as pd
b = pd.Series([True, False, True, False, False, True, True, False, True, False, True, False, False, True, True, False, True, False])
print(b.sort_values().index.tolist())
f = pd.Series([0.5, -1.0, 0.5, 2.0, -1.0, 0.5, 3.0, 2.0, -0.0, 0.0])
print(f.sort_values().index.tolist())
print(f.sort_values(ascending=False).index.tolist())
