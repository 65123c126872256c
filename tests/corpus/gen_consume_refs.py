# References and finalization around container calls that consume a
# generator inline (push::consume): every value, generator and container is
# released as in CPython, whichever way the call ends, and __del__ runs when
# CPython runs it.
import sys


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


def values(k):
    token = Noisy("gen%d" % k)
    try:
        for i in range(3):
            yield i
    finally:
        print("gen done", k, token.name)


def run():
    shared = object()
    base = sys.getrefcount(shared)
    lists = []
    for k in range(40):
        lists.append(list(shared for _ in range(3)))
        s = set((shared, i) for i in range(2))
        if k % 13 == 0:
            t = tuple(values(k))
            print("tuple", t)
        if k % 17 == 5:
            try:
                set([shared] if i == 1 else i for i in range(3))
            except TypeError as e:
                print("TE", e)
    print(sys.getrefcount(shared) - base, len(lists), len(s))
    lists.clear()
    del s
    print(sys.getrefcount(shared) - base)


run()
print("end")
