# Loops the JIT compiles with: tuples and lists of 4 to 6 items built per
# iteration, branches on the truth of arbitrary objects (no TO_BOOL before the
# jump), and objects whose fields hold constants (None, strings) that die unseen
# or escape into a list. Guards failing at random must rebuild the same state.
class Node:
    def __init__(self, key):
        self.key = key
        self.left = None
        self.tag = "leaf"

class Flaky:
    def __init__(self, n):
        self.n = n
    def __bool__(self):
        if self.n == 77:
            raise ValueError("no truth for 77")
        return self.n % 3 == 0

def run(n):
    events = []
    total = 0
    kept = []
    for i in range(n):
        t = (i, i + 1, "x", None)
        u = (i, 2 * i, 3 * i, 4 * i, 5 * i)
        w = [i, i, i, i, i, i]
        total += t[0] + u[4] + len(w) + w[5]
        s = "" if i % 4 == 0 else "s"
        items = [] if i % 5 == 0 else [i]
        if s:
            total += 1
        if not items:
            total += 2
        node = Node(i)
        if node.left is None and node.tag == "leaf":
            total += node.key
        if i % 10 == 0:
            kept.append(node)
        if i % 25 == 0:
            events.append((i, t, u[1:3], tuple(w[:2])))
    return total, events[:6], len(kept), kept[3].key, kept[3].left, kept[3].tag

def truths(n):
    c = 0
    for i in range(n):
        if Flaky(i):
            c += 1
    return c

print(run(300))
print(truths(70))
try:
    truths(200)
except ValueError as e:
    print("ValueError:", e)
print(run(1000)[0])
