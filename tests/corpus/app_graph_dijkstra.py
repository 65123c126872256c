import heapq
from collections import deque
edges = [('A', 'B', 4), ('A', 'C', 2), ('B', 'C', 5), ('B', 'D', 10), ('C', 'E', 3), ('E', 'D', 4), ('D', 'F', 11), ('E', 'F', 20), ('G', 'H', 1)]
graph = {}
for a, b, w in edges:
    graph.setdefault(a, []).append((b, w))
    graph.setdefault(b, []).append((a, w))
def dijkstra(src):
    dist = {src: 0}
    prev = {}
    pq = [(0, src)]
    while pq:
        d, u = heapq.heappop(pq)
        if d > dist.get(u, float('inf')):
            continue
        for v, w in sorted(graph[u]):
            nd = d + w
            if nd < dist.get(v, float('inf')):
                dist[v], prev[v] = nd, u
                heapq.heappush(pq, (nd, v))
    return dist, prev
def path(prev, target):
    out = [target]
    while out[-1] in prev:
        out.append(prev[out[-1]])
    return out[::-1]
dist, prev = dijkstra('A')
for node in sorted(dist):
    print(node, dist[node], '->'.join(path(prev, node)))
print('H reachable from A:', 'H' in dist)
def bfs_levels(src):
    seen = {src: 0}
    q = deque([src])
    while q:
        u = q.popleft()
        for v, _ in sorted(graph[u]):
            if v not in seen:
                seen[v] = seen[u] + 1
                q.append(v)
    return seen
print(sorted(bfs_levels('A').items()))
def components():
    seen, comps = set(), []
    for start in sorted(graph):
        if start in seen:
            continue
        stack, comp = [start], []
        while stack:
            u = stack.pop()
            if u in seen:
                continue
            seen.add(u)
            comp.append(u)
            stack.extend(v for v, _ in graph[u])
        comps.append(sorted(comp))
    return comps
print(components())
def topo(deps):
    indeg = {k: 0 for k in deps}
    for k, vs in deps.items():
        for v in vs:
            indeg[v] = indeg.get(v, 0) + 1
    ready = sorted(k for k, d in indeg.items() if d == 0)
    order = []
    while ready:
        k = ready.pop(0)
        order.append(k)
        for v in sorted(deps.get(k, [])):
            indeg[v] -= 1
            if indeg[v] == 0:
                ready.append(v)
                ready.sort()
    return order
print(topo({'shirt': ['tie', 'belt'], 'tie': ['jacket'], 'pants': ['shoes', 'belt'], 'belt': ['jacket'], 'socks': ['shoes']}))
