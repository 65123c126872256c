def fail():
    raise RuntimeError("whole line")


def caller():
    fail()


def assigner():
    result = fail()
    return result


def returner():
    return fail()


try:
    caller()
except RuntimeError:
    import traceback
    traceback.print_exc(file=__import__("sys").stdout)
try:
    assigner()
except RuntimeError:
    traceback.print_exc(file=__import__("sys").stdout)
returner()
