class Node:
    def __init__(self, v, left=None, right=None):
        self.v, self.left, self.right = v, left, right
    def inorder(self):
        if self.left:
            yield from self.left.inorder()
        yield self.v
        if self.right:
            yield from self.right.inorder()
    def preorder(self):
        yield self.v
        for child in (self.left, self.right):
            if child:
                yield from child.preorder()
    def __iter__(self):
        return self.inorder()
def insert(node, v):
    if node is None:
        return Node(v)
    if v < node.v:
        node.left = insert(node.left, v)
    else:
        node.right = insert(node.right, v)
    return node
root = None
for v in [50, 30, 70, 20, 40, 60, 80, 35, 65]:
    root = insert(root, v)
print(list(root), list(root.preorder()), max(root), 40 in root, sum(root))
def permutations(items):
    if len(items) <= 1:
        yield list(items)
        return
    for i, x in enumerate(items):
        for rest in permutations(items[:i] + items[i + 1:]):
            yield [x] + rest
print([''.join(p) for p in permutations('abc')])
def subsets(xs):
    if not xs:
        yield []
        return
    for s in subsets(xs[1:]):
        yield s
        yield [xs[0]] + s
print(sorted(subsets([1, 2, 3]), key=lambda s: (len(s), s)))
def hanoi(n, a='A', b='B', c='C'):
    if n:
        yield from hanoi(n - 1, a, c, b)
        yield (a, c)
        yield from hanoi(n - 1, b, a, c)
print(len(list(hanoi(6))), list(hanoi(2)))
