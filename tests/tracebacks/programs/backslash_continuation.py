def total(values):
    return values[0] + \
        values[1] + \
        values[2]


total([1, 2, "3"])
