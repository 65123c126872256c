def make():
    class LocalError(Exception):
        pass
    return LocalError


LocalError = make()


class Renamed(Exception):
    pass


Renamed.__module__ = "somewhere.else"
import traceback
print(traceback.format_exception_only(Renamed("moved")))
raise LocalError("defined in a function")
