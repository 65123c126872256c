class Grid:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.cells = {}
    def __getitem__(self, key):
        if isinstance(key, tuple):
            x, y = key
            if not (0 <= x < self.w and 0 <= y < self.h):
                raise IndexError(f'cell {key} out of range')
            return self.cells.get(key, '.')
        if isinstance(key, slice):
            return [self[x, 0] for x in range(*key.indices(self.w))]
        raise TypeError(f'bad key type {type(key).__name__}')
    def __setitem__(self, key, value):
        self[key]
        self.cells[key] = value
    def __delitem__(self, key):
        del self.cells[key]
    def __contains__(self, value):
        return value in self.cells.values()
    def __len__(self):
        return len(self.cells)
    def __iter__(self):
        for y in range(self.h):
            yield ''.join(self[x, y] for x in range(self.w))
g = Grid(4, 2)
g[0, 0] = '#'
g[3, 1] = '@'
g[1, 0] = '#'
print(list(g), len(g), '@' in g, '!' in g, g[0:3], g[::-1])
del g[0, 0]
print(list(g))
for bad in [lambda: g[9, 9], lambda: g['x'], lambda: g.__delitem__((2, 2))]:
    try:
        bad()
    except (IndexError, TypeError, KeyError) as e:
        print(type(e).__name__ + ':', e)
class Slicer:
    def __getitem__(self, k):
        return k
s = Slicer()
print(s[1], s[1:2], s[::3], s[1:2, 3], s[...], s[:, None], s['a':'b'], s[()])
class Missing(dict):
    def __missing__(self, k):
        self[k] = len(k)
        return self[k]
m = Missing()
print(m['abc'], m['x'], m, m.get('zz'), 'zz' in m)
class Seq:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError('Seq index out of range')
        return i * 100
q = Seq(4)
print(list(q), q[-1], 300 in q, list(reversed(q)), sorted(q, reverse=True)[:2])
