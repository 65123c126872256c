# A constraint solver: sudoku by backtracking with candidate sets, choosing the
# cell with the fewest candidates, over a list of puzzles.
import sys

PUZZLES = [
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079",
    "000000907000420180000705026100904000050000040000507009920108000034059000507000000",
    "030050040008010500460000012070502080000603000040109030250000098001020600080060020",
]


def peers():
    out = []
    for i in range(81):
        r, c = divmod(i, 9)
        s = set()
        for k in range(9):
            s.add(r * 9 + k)
            s.add(k * 9 + c)
        br, bc = r // 3 * 3, c // 3 * 3
        for dr in range(3):
            for dc in range(3):
                s.add((br + dr) * 9 + bc + dc)
        s.discard(i)
        out.append(tuple(s))
    return out


PEERS = peers()


def solve(grid):
    best, best_cands = -1, None
    for i in range(81):
        if grid[i] == 0:
            used = {grid[p] for p in PEERS[i]}
            cands = [d for d in range(1, 10) if d not in used]
            if not cands:
                return False
            if best_cands is None or len(cands) < len(best_cands):
                best, best_cands = i, cands
    if best < 0:
        return True
    for d in best_cands:
        grid[best] = d
        if solve(grid):
            return True
    grid[best] = 0
    return False


def main(n):
    checks = []
    for k in range(n):
        grid = [int(ch) for ch in PUZZLES[k % len(PUZZLES)]]
        solve(grid)
        checks.append(sum(grid[i] * (i + 1) for i in range(81)))
    print(sum(checks), checks[:3])


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 12)
