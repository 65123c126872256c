# An object of the main module keeps the exception its own __init__ caught;
# its traceback holds that frame, whose globals hold the object: a cycle that
# must still be finalized at exit (the __del__ prints the traceback's frames).
import sys
import traceback


class PrintExceptionAtExit(object):
    def __init__(self):
        try:
            x = 1 / 0
        except Exception:
            self.exc_info = sys.exc_info()
            self = None

    def __del__(self):
        print("finalized")
        tb = self.exc_info[2]
        print([(f.name, f.lineno) for f in traceback.extract_tb(tb)], repr(self.exc_info[1]))


obj = PrintExceptionAtExit()
print("end of module")
