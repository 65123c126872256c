import pandas as pd
df = pd.DataFrame({"k": ["a", "b", "c"], "v": [1, 2, 3]})
i = df.set_index("k")
print(i)
print(i.reset_index())
print(i.reset_index(drop=True))
f = df[df.v > 1]
print(f)
print(f.reset_index())
print(f.reset_index(drop=True))
print(df.set_index(["k", "v"]))
