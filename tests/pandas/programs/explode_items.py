import pandas as pd
s = pd.Series([[1, 2], [3], []], index=["a", "b", "c"])
print(s.explode())
words = pd.Series(["a b", "c"]).str.split()
print(words.explode())
for k, v in pd.Series([1, 2], index=["x", "y"]).items():
    print(k, v)
