import sys
import traceback


class BadNote:
    def __str__(self):
        raise RuntimeError("no")


e = ValueError("weird notes")
e.__notes__ = ["fine", BadNote(), "trailing newline\n", "carriage\rreturn"]
sys.stdout.write("".join(traceback.format_exception_only(e)))
e2 = ValueError("not a sequence")
e2.__notes__ = {"a": 1}
sys.stdout.write(repr(traceback.format_exception_only(e2)) + "\n")
e3 = ValueError("string notes")
e3.__notes__ = "abc"
sys.stdout.write("".join(traceback.format_exception_only(e3)))
raise e
