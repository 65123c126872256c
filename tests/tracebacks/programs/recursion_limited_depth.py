def descend(n):
    if n == 0:
        raise ValueError("bottom")
    return descend(n - 1)


descend(10)
