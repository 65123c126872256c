# CPython 3.11 wraps an exception raised by __set_name__ in a RuntimeError
# (3.12 stopped wrapping it).
class Broken:
    def __set_name__(self, owner, name):
        raise ValueError('refusing ' + name)
try:
    class Host:
        attr = Broken()
except Exception as e:
    print(type(e).__name__, e, type(e.__cause__).__name__ if e.__cause__ else None)
