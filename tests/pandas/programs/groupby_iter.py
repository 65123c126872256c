import pandas as pd
df = pd.DataFrame({"k": ["b", "a", "b"], "v": [1, 2, 3]})
for key, grp in df.groupby("k"):
    print(key)
    print(grp)
print(df.groupby("k").get_group("b"))
print(df.groupby("k").ngroups)
