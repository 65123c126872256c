def f(items):
    return items[5]  # index out of range on purpose


f([1, 2])
