import numpy as np
grid = np.zeros((8, 8), dtype=int)
grid[1, 2] = grid[2, 3] = grid[3, 1] = grid[3, 2] = grid[3, 3] = 1
def step(g):
    n = np.zeros_like(g)
    n[1:-1, 1:-1] = (g[:-2, :-2] + g[:-2, 1:-1] + g[:-2, 2:] +
                     g[1:-1, :-2] + g[1:-1, 2:] +
                     g[2:, :-2] + g[2:, 1:-1] + g[2:, 2:])
    born = (n == 3) & (g == 0)
    survive = ((n == 2) | (n == 3)) & (g == 1)
    return (born | survive).astype(int)
for _ in range(4):
    grid = step(grid)
print(grid)
print(grid.sum())
