import traceback


def inner():
    raise OSError("disk unavailable")


def outer():
    try:
        inner()
    except OSError as e:
        raise RuntimeError("save failed") from e


try:
    outer()
except RuntimeError:
    traceback.print_exc()
    print("--- chain=False ---")
    traceback.print_exc(chain=False)
try:
    try:
        {}["k"]
    except KeyError:
        None + 1
except TypeError as e:
    print("".join(traceback.format_exception(e)), end="")
