def describe(count):
    return "count: " + count


describe(3)
