def sieve(n):
    flags = bytearray([1]) * (n + 1)
    flags[0:2] = b'\x00\x00'
    for i in range(2, int(n ** 0.5) + 1):
        if flags[i]:
            flags[i * i::i] = bytes(len(range(i * i, n + 1, i)))
    return [i for i, f in enumerate(flags) if f]
primes = sieve(10000)
print(len(primes), primes[:15], primes[-5:])
def factorize(n):
    factors = []
    d = 2
    while d * d <= n:
        while n % d == 0:
            factors.append(d)
            n //= d
        d += 1
    if n > 1:
        factors.append(n)
    return factors
for n in [360, 97, 1001, 2 ** 32 + 1, 600851475143, 1]:
    print(n, factorize(n))
def is_probable_prime(n, bases=(2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)):
    if n < 2:
        return False
    for p in bases:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in bases:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True
print([p for p in range(10 ** 12, 10 ** 12 + 200) if is_probable_prime(p)])
print(is_probable_prime(2 ** 127 - 1), is_probable_prime(2 ** 128 + 1))
twin = [(p, q) for p, q in zip(primes, primes[1:]) if q - p == 2]
print(len(twin), twin[-3:])
