class Node:
    __slots__ = ('key', 'value', 'prev', 'next')
    def __init__(self, key=None, value=None):
        self.key, self.value = key, value
        self.prev = self.next = None
class LRUCache:
    def __init__(self, capacity):
        self.capacity = capacity
        self.map = {}
        self.head, self.tail = Node(), Node()
        self.head.next, self.tail.prev = self.tail, self.head
        self.hits = self.misses = 0
    def _unlink(self, node):
        node.prev.next, node.next.prev = node.next, node.prev
    def _push_front(self, node):
        node.next, node.prev = self.head.next, self.head
        self.head.next.prev = node
        self.head.next = node
    def get(self, key, default=None):
        node = self.map.get(key)
        if node is None:
            self.misses += 1
            return default
        self.hits += 1
        self._unlink(node)
        self._push_front(node)
        return node.value
    def put(self, key, value):
        if key in self.map:
            node = self.map[key]
            node.value = value
            self._unlink(node)
        else:
            if len(self.map) >= self.capacity:
                lru = self.tail.prev
                self._unlink(lru)
                del self.map[lru.key]
                print('evict', lru.key)
            node = Node(key, value)
            self.map[key] = node
        self._push_front(node)
    def keys(self):
        node, out = self.head.next, []
        while node is not self.tail:
            out.append(node.key)
            node = node.next
        return out
c = LRUCache(3)
for k in 'abc':
    c.put(k, k.upper())
print(c.keys(), c.get('a'), c.keys())
c.put('d', 'D')
print(c.keys(), c.get('b'), c.get('c'))
c.put('a', 'AA')
c.put('e', 'E')
print(c.keys(), c.get('a'), c.hits, c.misses, len(c.map))
