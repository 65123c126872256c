print("this never runs")
values = [1, 2,
total = sum(values)
