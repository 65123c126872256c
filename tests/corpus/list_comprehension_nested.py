matrix = [[i * 3 + j for j in range(3)] for i in range(4)]
print(matrix)
print([x for row in matrix for x in row if x % 2 == 0])
print([[row[i] for row in matrix] for i in range(3)])
print([(x, y) for x in range(3) for y in range(x)])
print({x: [y for y in range(x)] for x in range(4)})
print({x % 3 for x in range(10)}, sorted({w[0] for w in ['apple', 'avocado', 'banana']}))
print([x if x > 2 else -x for x in range(5)], [y for x in [[1, [2]], [3, [4]]] for y in x[1]])
gen = (x * x for x in range(5))
print(next(gen), list(gen), list(gen))
print([i for i in range(20) if i % 2 if i % 3], [(lambda k=k: k)() for k in range(3)])
print(sum(x * y for x, y in zip(range(5), range(5, 10))), [c * 2 for c in 'ab'], [[]for _ in range(2)])
flat = [v for sub in [[1, 2], [], [3], [4, 5, 6]] for v in sub]
print(flat, [v for v in flat if v > 10] or 'none')
