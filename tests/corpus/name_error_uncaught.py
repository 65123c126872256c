def compute(values):
    length = len(values)
    total = sum(values)
    return total / lenght

print('before')
print(compute([1, 2, 3]))
