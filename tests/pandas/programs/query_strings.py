import pandas as pd
df = pd.DataFrame({"name": ["ann", "bob", "cy"], "age": [31, 25, 40], "city": ["NY", "LA", "NY"]})
print(df.query("city == 'NY'"))
print(df.query("age > 26 and city != 'LA'"))
print(df.query("not (age < 30)"))
print(df[df.name.str.startswith("b") | (df.age > 35)])
