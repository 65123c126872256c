# Recursive closures (a nested function calling itself through its cell),
# hot enough for the JIT's direct calls into their entry traces: several
# closure instances of one code, a cell rebound mid-run (nonlocal), a
# closure over two cells, an exception raised deep inside, and a tree walk.
import sys


def make_fib(offset):
    def fib(n):
        return n + offset if n < 2 else fib(n - 1) + fib(n - 2)
    return fib


def rebinding():
    calls = []

    def f(n):
        if n <= 0:
            return 0
        return 1 + f(n - 1)

    def g(n):
        calls.append(n)
        return -1

    out = []
    for i in range(300):
        if i == 200:
            f_old = f
            f = g          # later calls of f inside f now reach g
            out.append(f_old(3))
        else:
            out.append(f(5))
    return sum(out), len(calls), out[-3:]


def two_cells(scale, limit):
    def walk(n):
        if n > limit:
            return 0
        return n * scale + walk(n + 1)
    return walk


def raising(depth):
    def down(n):
        if n == 0:
            raise ValueError(f"bottom at depth {depth}")
        return down(n - 1) + 1
    return down


class Node:
    __slots__ = ("value", "left", "right")

    def __init__(self, value, left=None, right=None):
        self.value, self.left, self.right = value, left, right


def tree_sums(n):
    def build(lo, hi):
        if lo > hi:
            return None
        mid = (lo + hi) // 2
        return Node(mid, build(lo, mid - 1), build(mid + 1, hi))

    def total(node):
        if node is None:
            return 0
        return node.value + total(node.left) + total(node.right)

    def height(node):
        if node is None:
            return 0
        return 1 + max(height(node.left), height(node.right))

    root = build(1, n)
    return total(root), height(root)


def main():
    fibs = [make_fib(k) for k in range(4)]
    print([sum(f(12) for _ in range(30)) for f in fibs])
    print(rebinding())
    walks = [two_cells(s, 40) for s in (1, 2, 3)]
    print([sum(w(i % 7) for i in range(200)) for w in walks])
    errors = 0
    for d in range(1, 400):
        try:
            raising(d % 9)(d % 9)
        except ValueError as e:
            errors += 1
            last = str(e)
    print(errors, last)
    print([tree_sums(n) for n in (10, 100, 1000, 3000)])
    sys.setrecursionlimit(200)
    deep = make_fib(0)
    def count(n):
        return 0 if n == 0 else 1 + count(n - 1)
    for _ in range(50):
        count(100)
    try:
        count(10000)
    except RecursionError as e:
        print("RecursionError", type(e).__name__)


main()
