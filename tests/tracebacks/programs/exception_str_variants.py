import traceback


class EmptyStr(Exception):
    def __str__(self):
        return ""


class NonAscii(Exception):
    def __str__(self):
        return "non-empty message"


for exc in (EmptyStr("hidden"), NonAscii(), KeyError(""), KeyError(None), UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")):
    print(repr(traceback.format_exception_only(exc)[0]))
raise EmptyStr("not shown")
