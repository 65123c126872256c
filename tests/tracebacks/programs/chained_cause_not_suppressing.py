import traceback

e = RuntimeError("outer")
e.__cause__ = ValueError("the cause")
e.__context__ = KeyError("the context")
print(e.__suppress_context__)
print("".join(traceback.format_exception(e)), end="")
raise e
