import traceback


class Collector:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


def fail():
    raise LookupError("collected")


try:
    fail()
except LookupError as e:
    sink = Collector()
    traceback.print_exception(e, file=sink)
    traceback.print_exc(file=sink)
    traceback.print_tb(e.__traceback__, file=sink)
    traceback.print_stack(file=sink) if False else None
print(len(sink.parts) > 0)
print("".join(sink.parts), end="")
