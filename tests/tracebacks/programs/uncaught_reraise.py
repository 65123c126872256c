def load(key):
    table = {"a": 1}
    try:
        return table[key]
    except KeyError:
        print("missing", key)
        raise


load("z")
