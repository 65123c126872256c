import traceback


class AppError(Exception):
    pass


def step():
    raise AppError("step failed")


try:
    try:
        step()
    except AppError as e:
        raise RuntimeError("outer") from e
except RuntimeError as e:
    te = traceback.TracebackException.from_exception(e)
print(te.exc_type.__name__, str(te), te.__suppress_context__)
print(te.__cause__.exc_type.__name__, te.__context__ is None or te.__context__.exc_type.__name__)
print(len(te.stack), te.stack[0].name, te.__cause__.stack[-1].name)
print("".join(te.format_exception_only()), end="")
print("".join(te.format(chain=False)), end="")
te.print(file=__import__("sys").stdout)
te2 = traceback.TracebackException(type(e), e, e.__traceback__, compact=True)
print(te2.__context__ is None, te2 == traceback.TracebackException.from_exception(e, compact=True))
print(te.exceptions)
