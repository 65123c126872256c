values = [4, 2, 0, 1]
result = list(map(lambda v: 12 / v, values))
print(result)
