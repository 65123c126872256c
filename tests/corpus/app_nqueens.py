def solve(n):
    solutions = []
    cols, d1, d2 = set(), set(), set()
    board = []
    def place(r):
        if r == n:
            solutions.append(board[:])
            return
        for c in range(n):
            if c in cols or r - c in d1 or r + c in d2:
                continue
            cols.add(c); d1.add(r - c); d2.add(r + c); board.append(c)
            place(r + 1)
            cols.discard(c); d1.discard(r - c); d2.discard(r + c); board.pop()
    place(0)
    return solutions
for n in range(1, 9):
    print(n, len(solve(n)))
first = solve(8)[0]
for c in first:
    print(' '.join('Q' if i == c else '.' for i in range(8)))
