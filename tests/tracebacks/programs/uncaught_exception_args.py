class Multi(Exception):
    pass


for exc in (ValueError(1, 2), KeyError("k"), KeyError(("a", 1)), OSError(2, "No such thing"), Multi()):
    print(type(exc).__name__, str(exc))
raise ValueError("first line\nsecond line", 3)
