rows = [{"name": "b", "age": 3}, {"name": "a"}]
ordered = sorted(rows, key=lambda row: row["age"])
