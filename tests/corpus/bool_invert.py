# ~ on a bool inverts the underlying int (-2 for True); CPython 3.12
# deprecated it with a DeprecationWarning.
flags = [True, False]
print([~f for f in flags])
print(~True + ~False)
