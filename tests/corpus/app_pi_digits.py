def pi_digits(n):
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    out = []
    while len(out) < n:
        if 4 * q + r - t < m * t:
            out.append(m)
            q, r, m = 10 * q, 10 * (r - m * t), (10 * (3 * q + r)) // t - 10 * m
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return out
digits = pi_digits(300)
print(str(digits[0]) + '.' + ''.join(map(str, digits[1:])))
from collections import Counter
print(sorted(Counter(digits).items()))
def e_digits(n):
    # e = sum 1/k! computed with big integers
    scale = 10 ** (n + 10)
    total, term, k = 0, scale, 0
    while term:
        total += term
        k += 1
        term //= k
    return str(total // 10 ** 10)
e = e_digits(100)
print(e[0] + '.' + e[1:])
