# Cellular automata: elementary rule 30 and rule 110 with uint8 cells, the
# neighbourhood code built with shifts and ors, and Conway's Life on a torus
# with np.roll.
import numpy as np


def step(cells, rule):
    left = np.roll(cells, 1)
    right = np.roll(cells, -1)
    code = (left << 2) | (cells << 1) | right
    return ((np.uint8(rule) >> code) & 1).astype(np.uint8)


for rule in (30, 110):
    cells = np.zeros(41, dtype=np.uint8)
    cells[20] = 1
    history = [cells]
    for _ in range(16):
        cells = step(cells, rule)
        history.append(cells)
    grid = np.array(history)
    print("rule", rule, grid.dtype, grid.shape, "live", int(grid.sum()))
    for row in grid[::2]:
        print("".join("#" if v else "." for v in row.tolist()))
    print("density per generation", np.round(grid.mean(axis=1), 3)[-4:])

life = np.zeros((12, 12), dtype=np.uint8)
life[1, 2] = life[2, 3] = life[3, 1] = life[3, 2] = life[3, 3] = 1   # a glider
life[7:10, 8] = 1                                                    # a blinker
for gen in range(8):
    n = sum(np.roll(np.roll(life, dy, axis=0), dx, axis=1)
            for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dy, dx) != (0, 0))
    life = ((n == 3) | ((life == 1) & (n == 2))).astype(np.uint8)
print("after 8 generations:", int(life.sum()), "cells")
print("\n".join("".join("o" if v else "." for v in r.tolist()) for r in life))
packed = (life[:, :8] << np.arange(7, -1, -1, dtype=np.uint8)).sum(axis=1)
print("row bit patterns", packed)
