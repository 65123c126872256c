import traceback

for exc in (ValueError(), ValueError(""), KeyError(), ValueError(None), Exception(" ")):
    print(repr(traceback.format_exception_only(exc)))
raise LookupError
