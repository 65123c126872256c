def level1():
    raise ValueError("level 1")


def level2():
    try:
        level1()
    except ValueError as e:
        raise TypeError("level 2") from e


def level3():
    try:
        level2()
    except TypeError:
        raise KeyError("level 3")


level3()
