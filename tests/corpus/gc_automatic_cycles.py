# Garbage cycles are collected automatically, without gc.collect(): short-
# lived ones by young collections, ones that outlive a few young collections
# by full ones. The number alive at once stays bounded.
import gc


# The counts live in a list, not in class attributes: a class attribute
# store costs RustPython a scan of its whole method cache (see README).
count = [0, 0]  # alive, most


class Node:
    def __init__(self):
        self.other = None
        count[0] += 1
        count[1] = max(count[1], count[0])

    def __del__(self):
        count[0] -= 1


def pair():
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a


# Short-lived cycles.
for i in range(100_000):
    pair()
print("short-lived bounded:", count[1] < 20_000)

# Cycles kept for a while in a window, then dropped.
count[1] = count[0]
window = []
for i in range(200_000):
    window.append(pair())
    if len(window) > 5_000:
        window.pop(0)
print("windowed bounded:", count[1] < 150_000)
window.clear()
gc.collect()
print("all collected:", count[0] == 0)
print("thresholds:", gc.get_threshold())
