def last_but(items, n):
    return items[len(items) + n]


print(last_but([1, 2, 3], -1))
print(last_but([1, 2, 3], 2))
