# A program that started threads: at exit, non-daemon threads are joined
# before atexit functions run.
import atexit
import threading
import time

atexit.register(lambda: print("atexit runs after the worker"))


def worker():
    time.sleep(0.05)
    print("worker finished")


threading.Thread(target=worker).start()
print("main done")
