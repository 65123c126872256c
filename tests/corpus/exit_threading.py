# At exit CPython waits for threads through threading._shutdown only if the
# program imported threading: it imports nothing itself. atexit functions can
# still import threading, and a program that used it is waited for.
import atexit
import sys


phase = "main"


class Watch:
    """Reports every import of threading from here on, and when it came."""

    def find_spec(self, name, path=None, target=None):
        if name == "threading":
            print("threading looked up during", phase)
        return None


def first():
    global phase
    phase = "atexit"


def late():
    import threading
    print("atexit imported threading:", threading.current_thread().name)


atexit.register(late)
atexit.register(first)
sys.modules.pop("threading", None)
sys.meta_path.insert(0, Watch())
print("main done")
phase = "finalization"
