PUZZLE = '''
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
'''
grid = [[0 if c == '.' else int(c) for c in line] for line in PUZZLE.split()]
def candidates(g, r, c):
    used = set(g[r]) | {g[i][c] for i in range(9)}
    br, bc = 3 * (r // 3), 3 * (c // 3)
    used |= {g[i][j] for i in range(br, br + 3) for j in range(bc, bc + 3)}
    return [v for v in range(1, 10) if v not in used]
calls = 0
def solve(g):
    global calls
    calls += 1
    best = None
    for r in range(9):
        for c in range(9):
            if g[r][c] == 0:
                cands = candidates(g, r, c)
                if best is None or len(cands) < len(best[2]):
                    best = (r, c, cands)
    if best is None:
        return True
    r, c, cands = best
    for v in cands:
        g[r][c] = v
        if solve(g):
            return True
    g[r][c] = 0
    return False
print(solve(grid), calls)
for row in grid:
    print(' '.join(map(str, row)))
print(all(sorted(row) == list(range(1, 10)) for row in grid), all(sorted(col) == list(range(1, 10)) for col in zip(*grid)))
