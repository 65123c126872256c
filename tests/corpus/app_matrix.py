from fractions import Fraction
def matmul(a, b):
    return [[sum(x * y for x, y in zip(row, col)) for col in zip(*b)] for row in a]
def transpose(m):
    return [list(r) for r in zip(*m)]
def identity(n):
    return [[int(i == j) for j in range(n)] for i in range(n)]
def det(m):
    m = [[Fraction(x) for x in row] for row in m]
    n, sign, result = len(m), 1, Fraction(1)
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != col:
            m[col], m[pivot] = m[pivot], m[col]
            sign = -sign
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            m[r] = [a - f * b for a, b in zip(m[r], m[col])]
        result *= m[col][col]
    return sign * result
def inverse(m):
    n = len(m)
    aug = [[Fraction(x) for x in row] + [Fraction(v) for v in ident] for row, ident in zip(m, identity(n))]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(aug[r][col]))
        aug[col], aug[pivot] = aug[pivot], aug[col]
        pv = aug[col][col]
        aug[col] = [v / pv for v in aug[col]]
        for r in range(n):
            if r != col:
                f = aug[r][col]
                aug[r] = [a - f * b for a, b in zip(aug[r], aug[col])]
    return [row[n:] for row in aug]
A = [[2, 1, 3], [0, -1, 4], [1, 2, 1]]
B = [[1, 0], [2, 1], [0, 3]]
print(matmul(A, B))
print(transpose(B), det(A), det([[1, 2], [2, 4]]))
inv = inverse(A)
print([[str(x) for x in row] for row in inv])
print(matmul(A, inv) == identity(3))
def mat_pow(m, k):
    result = identity(len(m))
    while k:
        if k & 1:
            result = matmul(result, m)
        m = matmul(m, m)
        k >>= 1
    return result
print(mat_pow([[1, 1], [1, 0]], 90)[0][1])
