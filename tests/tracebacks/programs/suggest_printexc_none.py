import traceback

values = {"alpha": 1}


def lookup():
    return valuse["alpha"]


try:
    lookup()
except NameError:
    traceback.print_exc()
try:
    values.itms()
except AttributeError as e:
    print("".join(traceback.format_exception(e)), end="")
