import sys
def is_even(n):
    return True if n == 0 else is_odd(n - 1)
def is_odd(n):
    return False if n == 0 else is_even(n - 1)
print(is_even(100), is_odd(77), is_even(7))
def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))
print(ackermann(2, 3), ackermann(3, 3))
def hanoi(n, src, dst, via, moves):
    if n:
        hanoi(n - 1, src, via, dst, moves)
        moves.append((src, dst))
        hanoi(n - 1, via, dst, src, moves)
    return moves
m = hanoi(5, 'A', 'C', 'B', [])
print(len(m), m[:4])
def flatten(x):
    return [y for item in x for y in (flatten(item) if isinstance(item, list) else [item])]
print(flatten([1, [2, [3, [4, [5]]]], 6]))
def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(500))
def perms(s):
    if len(s) <= 1:
        return [s]
    return [c + p for i, c in enumerate(s) for p in perms(s[:i] + s[i + 1:])]
print(perms('abc'), len(perms('abcde')))
