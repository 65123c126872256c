class Deck:
    suits = 'SHDC'
    ranks = ['A', '2', '3', 'J', 'Q', 'K']
    def __init__(self):
        self.cards = [r + s for s in self.suits for r in self.ranks]
    def __iter__(self):
        for card in self.cards:
            yield card
    def __len__(self):
        return len(self.cards)
    def by_suit(self, suit):
        return (c for c in self if c.endswith(suit))
    def deal(self, hands, size):
        it = iter(self)
        return [[next(it) for _ in range(size)] for _ in range(hands)]
d = Deck()
print(len(d), list(d.by_suit('H')), d.deal(2, 3))
print('KS' in d, sorted(d)[:4], [c for c in d if c[0] == 'Q'])
class Paginator:
    def __init__(self, items, per_page):
        self.items, self.per_page = items, per_page
    def pages(self):
        for start in range(0, len(self.items), self.per_page):
            yield start // self.per_page + 1, self.items[start:start + self.per_page]
for num, page in Paginator(list(range(11)), 4).pages():
    print('page', num, page)
class Graph:
    def __init__(self, edges):
        self.adj = {}
        for a, b in edges:
            self.adj.setdefault(a, []).append(b)
            self.adj.setdefault(b, []).append(a)
    def bfs(self, start):
        seen, queue = {start}, [start]
        while queue:
            node = queue.pop(0)
            yield node
            for nxt in sorted(self.adj[node]):
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
g = Graph([(1, 2), (1, 3), (2, 4), (3, 4), (4, 5), (6, 7)])
print(list(g.bfs(1)), list(g.bfs(6)))
