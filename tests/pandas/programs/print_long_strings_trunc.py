import pandas as pd
df = pd.DataFrame({"text": ["y" * 70, "short"], "n": [1, 2]})
print(df)
print(df.text)
print(df.to_string())
