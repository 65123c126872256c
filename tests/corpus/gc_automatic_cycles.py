# Garbage cycles are collected automatically, without gc.collect(): short-
# lived ones by young collections, ones that outlive a few young collections
# by full ones. The number alive at once stays bounded.
import gc


class Node:
    alive = 0
    most = 0

    def __init__(self):
        self.other = None
        Node.alive += 1
        Node.most = max(Node.most, Node.alive)

    def __del__(self):
        Node.alive -= 1


def pair():
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a


# Short-lived cycles.
for i in range(100_000):
    pair()
print("short-lived bounded:", Node.most < 20_000)

# Cycles kept for a while in a window, then dropped.
Node.most = Node.alive
window = []
for i in range(200_000):
    window.append(pair())
    if len(window) > 5_000:
        window.pop(0)
print("windowed bounded:", Node.most < 150_000)
window.clear()
gc.collect()
print("all collected:", Node.alive == 0)
print("thresholds:", gc.get_threshold())
