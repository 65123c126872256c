import pandas as pd
a = pd.DataFrame({"k": ["b", "a", "c", "a"], "x": [1, 2, 3, 4]})
b = pd.DataFrame({"k": ["a", "c", "d", "a"], "y": [True, False, True, False]})
for how in ["inner", "left", "right", "outer"]:
    print(how)
    print(a.merge(b, on="k", how=how))
print(a.merge(b, on="k", how="inner", sort=True))
print(a.merge(b, how="cross").shape)
