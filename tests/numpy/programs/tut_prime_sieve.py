import numpy as np
n = 100
is_prime = np.ones(n + 1, dtype=bool)
is_prime[:2] = False
for i in range(2, int(n ** 0.5) + 1):
    if is_prime[i]:
        is_prime[i * i::i] = False
primes = np.nonzero(is_prime)[0]
print(primes, len(primes), primes.sum())
