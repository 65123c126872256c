class BST:
    class _Node:
        __slots__ = ('key', 'val', 'left', 'right')
        def __init__(self, key, val):
            self.key, self.val, self.left, self.right = key, val, None, None
    def __init__(self):
        self.root = None
        self.size = 0
    def __setitem__(self, key, val):
        def put(node):
            if node is None:
                self.size += 1
                return BST._Node(key, val)
            if key < node.key:
                node.left = put(node.left)
            elif key > node.key:
                node.right = put(node.right)
            else:
                node.val = val
            return node
        self.root = put(self.root)
    def __getitem__(self, key):
        node = self.root
        while node:
            if key == node.key:
                return node.val
            node = node.left if key < node.key else node.right
        raise KeyError(key)
    def __contains__(self, key):
        try:
            self[key]
            return True
        except KeyError:
            return False
    def __len__(self):
        return self.size
    def __iter__(self):
        stack, node = [], self.root
        while stack or node:
            while node:
                stack.append(node)
                node = node.left
            node = stack.pop()
            yield node.key
            node = node.right
    def height(self):
        def h(n):
            return 0 if n is None else 1 + max(h(n.left), h(n.right))
        return h(self.root)
    def __repr__(self):
        return 'BST({' + ', '.join(f'{k!r}: {self[k]!r}' for k in self) + '})'
t = BST()
for word in 'the quick brown fox jumps over the lazy dog'.split():
    t[word] = t[word] + 1 if word in t else 1
print(t, len(t), t.height())
print(t['the'], 'cat' in t, list(t)[:3], min(t), max(t))
try:
    t['missing']
except KeyError as e:
    print('KeyError:', e)
