# Reference cycles are collected automatically, on gc's thresholds, in loops
# the JIT compiles too: a million self-referencing objects stay in bounded
# memory, and their __del__ runs when the collector finds them.
import gc
import resource


class Node:
    pass


class Noisy:
    deleted = 0

    def __del__(self):
        Noisy.deleted += 1


def churn(n):
    for i in range(n):
        a = Node()
        a.self = a
        a.payload = [i]


def noisy(n):
    for i in range(n):
        x = Noisy()
        x.me = x


print(gc.get_threshold(), gc.isenabled())
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
churn(10 ** 6)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print("bounded:", (after - before) < 32 * 1024)
noisy(5000)
print("most found:", Noisy.deleted > 4000)
gc.collect()
print("all found:", Noisy.deleted == 5000)
gc.disable()
noisy(3000)
print("disabled:", Noisy.deleted == 5000)
gc.enable()
gc.collect()
print("enabled again:", Noisy.deleted == 8000)
gc.set_threshold(100000)
print(gc.get_threshold())
