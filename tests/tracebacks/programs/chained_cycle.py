import traceback

a = ValueError("a")
b = TypeError("b")
a.__context__ = b
b.__context__ = a
print("".join(traceback.format_exception(a)), end="")
raise a
