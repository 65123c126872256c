def compute():
    return xyzzy_undefined_thing + 1


compute()
