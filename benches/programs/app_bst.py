# Recursion over trees: a binary search tree of node objects built by insertion,
# then searched, measured and walked recursively.
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


def contains(node, key):
    while node is not None:
        if key == node.key:
            return True
        node = node.left if key < node.key else node.right
    return False


def height(node):
    if node is None:
        return 0
    return 1 + max(height(node.left), height(node.right))


def total(node):
    if node is None:
        return 0
    return node.key + total(node.left) + total(node.right)


def inorder(node, out):
    if node is not None:
        inorder(node.left, out)
        out.append(node.key)
        inorder(node.right, out)


def main(n):
    root = None
    x = 42
    keys = []
    for _ in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        keys.append(x % (n * 10))
    for k in keys:
        root = insert(root, k)
    hits = sum(1 for k in range(0, n * 10, 7) if contains(root, k))
    out = []
    inorder(root, out)
    print(height(root), total(root), hits, len(out), out[:3])


if __name__ == "__main__":
    sys.setrecursionlimit(10000)
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 60000)
