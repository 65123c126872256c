import traceback


def fail(n):
    raise ValueError(f"item {n}")


errors = []
for n in range(2):
    try:
        fail(n)
    except ValueError as e:
        errors.append(e)
try:
    raise ExceptionGroup("batch", [*errors, ExceptionGroup("sub", [KeyError("x")])])
except ExceptionGroup:
    traceback.print_exc()
eg = ExceptionGroup("wide", [TypeError(i) for i in range(4)])
te = traceback.TracebackException.from_exception(eg, max_group_width=2, max_group_depth=1)
print("".join(te.format()), end="")
deep = ExceptionGroup("d0", [ExceptionGroup("d1", [ExceptionGroup("d2", [ValueError()])])])
te = traceback.TracebackException.from_exception(deep, max_group_depth=1)
print("".join(te.format()), end="")
