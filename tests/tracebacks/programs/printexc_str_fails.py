import traceback


class Broken(Exception):
    def __str__(self):
        raise RuntimeError("no str for you")


try:
    raise Broken("payload")
except Broken:
    traceback.print_exc()
print(traceback.format_exception_only(Broken()))
