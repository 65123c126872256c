import pandas as pd
data = {f"column_{i}": [i * 1000 + j for j in range(3)] for i in range(15)}
df = pd.DataFrame(data)
print(df)
print(df.to_string())
