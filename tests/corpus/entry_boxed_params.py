# Recursive functions whose compiled entry traces take their parameters as
# objects: ints, floats and strs through the same function, a parameter
# passed on unchanged (no re-boxing), identity kept across calls, and
# RecursionError raised from inside compiled recursion.
import sys


class Node:
    __slots__ = ("key", "left", "right")

    def __init__(self, key):
        self.key = key
        self.left = None
        self.right = None


def insert(node, key):
    if node is None:
        return Node(key)
    if key < node.key:
        node.left = insert(node.left, key)
    elif key > node.key:
        node.right = insert(node.right, key)
    return node


def walk(node, out):
    if node is not None:
        walk(node.left, out)
        out.append(node.key)
        walk(node.right, out)


def build(keys):
    root = None
    for k in keys:
        root = insert(root, k)
    out = []
    walk(root, out)
    return out


x = 7
ints = []
for _ in range(3000):
    x = (x * 1103515245 + 12345) & 0x7FFFFFFF
    ints.append(x % 100000)
print(build(ints)[:5], len(build(ints)))
# The same function, now with floats, big ints and strs as keys.
print(build([k / 7 for k in ints[:500]])[:3])
print(build([k * 10**20 for k in ints[:500]])[:2])
print(build(["k%05d" % k for k in ints[:500]])[:3])
print(build([1, 2.5, 2, 0.5, True, -3])[:6])


def same(obj, n):
    # Passes its parameter on unchanged: the callee sees the very object.
    if n == 0:
        return obj
    return same(obj, n - 1)


big = 10**30 + 1
for i in range(2000):
    r = same(big, 5)
print(r is big, same(3.25, 4) == 3.25, same("s", 3))


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print(fib(20), fib(12.0), fib(True))


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


for i in range(300):
    depth(50)
sys.setrecursionlimit(400)
try:
    depth(10000)
except RecursionError as e:
    print("RecursionError", e)
print(depth(300))


def mixed(a, b):
    if a <= 0:
        return b
    return mixed(a - 1, b + a)


for i in range(1500):
    mixed(10, 0)
print(mixed(10, 0), mixed(10, 0.5), mixed(3, "x") if False else mixed(4, 1.5))
try:
    mixed(3, "x")
except TypeError as e:
    print("TypeError", e)
