import pandas as pd
df = pd.DataFrame({"a": [1, 5, 3, 8], "b": [2, 2, 9, 1], "c": list("wxyz")})
print(df.query("a > 2"))
print(df.query("a > 2 and b < 5"))
print(df.query("a + b >= 10"))
print(df.query("c in ['x', 'z']"))
print(df.query("1 < a < 6"))
print(df.eval("a * b"))
