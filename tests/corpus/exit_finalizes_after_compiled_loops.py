# A loop that ran long enough to be compiled must not keep __main__'s
# namespace alive at exit: after the atexit functions, the objects left in
# the globals are finalized as in CPython (the compiled loop held the
# functions it called, and through them these globals).
import atexit


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name, flush=True)


def square(n):
    return n * n


total = 0
for i in range(3000):
    total += square(i)
rows = [{"a": i, "b": str(i)} for i in range(3000)]
kept = Noisy("global")
atexit.register(print, "atexit", flush=True)
print(total, len(rows), flush=True)
