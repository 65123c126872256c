import pandas as pd
people = pd.DataFrame({
    "name": ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"],
    "sex": ["f", "m", "m", "f", "f", "f", "m", "m"],
    "age": [29.0, None, 41.0, 35.0, 22.0, None, 58.0, 19.0],
    "klass": [1, 3, 2, 1, 3, 2, 1, 3],
    "survived": [1, 0, 0, 1, 1, 1, 0, 0],
})
print(people.head())
print(people.age.mean())
people["age"] = people.age.fillna(people.age.median())
print(people.groupby("sex").survived.mean())
print(people.groupby(["klass", "sex"]).survived.sum())
print(people.sort_values("age", ascending=False).name.head(3).tolist())
people["adult"] = people.age >= 21
print(people[people.adult].groupby("klass").size())
print(people.describe())
