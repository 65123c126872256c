import sys
import traceback

eg = ExceptionGroup("only the group line", [ValueError(1), ExceptionGroup("inner", [KeyError(2)])])
print(traceback.format_exception_only(eg))
te = traceback.TracebackException.from_exception(eg, compact=True)
print(len(te.exceptions), te.exceptions[1].exceptions[0].exc_type.__name__)
traceback.print_exception(eg, file=sys.stdout, limit=0)
