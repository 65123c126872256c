class LinkedList:
    class Node:
        def __init__(self, value, next=None):
            self.value, self.next = value, next
    def __init__(self, iterable=()):
        self.head = None
        self._len = 0
        for v in reversed(list(iterable)):
            self.push(v)
    def push(self, v):
        self.head = self.Node(v, self.head)
        self._len += 1
    def pop(self):
        if self.head is None:
            raise IndexError('pop from empty LinkedList')
        v = self.head.value
        self.head = self.head.next
        self._len -= 1
        return v
    def __iter__(self):
        node = self.head
        while node:
            yield node.value
            node = node.next
    def __len__(self):
        return self._len
    def __repr__(self):
        return 'LinkedList([' + ', '.join(map(repr, self)) + '])'
    def reverse(self):
        prev, node = None, self.head
        while node:
            node.next, prev, node = prev, node, node.next
        self.head = prev
    def __getitem__(self, i):
        if i < 0:
            i += len(self)
        for j, v in enumerate(self):
            if j == i:
                return v
        raise IndexError('LinkedList index out of range')
    def __eq__(self, other):
        return isinstance(other, LinkedList) and list(self) == list(other)
ll = LinkedList([1, 2, 3, 4])
print(ll, len(ll), ll[0], ll[-1], 3 in ll, list(map(lambda v: v * 2, ll)))
ll.reverse()
print(ll, ll.pop(), ll, ll == LinkedList([3, 2, 1]))
for bad in [lambda: ll[10], lambda: LinkedList().pop()]:
    try:
        bad()
    except IndexError as e:
        print('IndexError:', e)
