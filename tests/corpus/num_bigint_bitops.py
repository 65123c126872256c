big = (1 << 130) | 0xDEADBEEF
neg = -big
print(big, neg)
print(big & 0xFFFF, neg & 0xFFFF, neg & big)
print(big | (1 << 5), neg | 1, big ^ neg, ~big, ~neg)
print(big >> 100, neg >> 100, neg >> 200, big << 10)
print(big.bit_length(), neg.bit_length(), (0).bit_length(), (255).bit_length())
print(big.bit_count(), (-7).bit_count(), (2 ** 100 - 1).bit_count())
for n in [0, 1, -1, 255, -256, 2 ** 64, -(2 ** 64) - 1]:
    print(n, n >> 1, n << 1, n & -n, ~n)
try:
    1 << -1
except ValueError as e:
    print(type(e).__name__, e)
try:
    1 >> -5
except ValueError as e:
    print(type(e).__name__, e)
mask = (1 << 64) - 1
x = 0x0123456789ABCDEF
r = ((x << 13) | (x >> 51)) & mask
print(hex(r))
print(format(-big, 'x'), format(big, '#o'), format(-5, '08b'))
