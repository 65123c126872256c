def inverses(xs):
    return [1 / x for x in xs]


print(inverses([1, 2]))
print(inverses([1, 0]))
