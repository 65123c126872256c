# np.convolve of float64 arrays long enough that many output entries see
# the whole kernel: every mode, both argument orders, lengths around
# multiples of 8. The values are whole numbers (every sum is exact), so
# this checks which products each entry adds, not their order. Each result
# is printed as a digest of its bytes, with its shape and a few entries.
import hashlib

import numpy as np

rng = np.random.default_rng(12)
for n in (1, 7, 8, 9, 15, 16, 17, 24, 33, 70):
    a = rng.integers(-50, 50, n).astype(np.float64)
    for m in (1, 2, 3, 8, 9, 13):
        v = rng.integers(-50, 50, m) * 1.0
        for mode in ("full", "same", "valid"):
            for x, y in ((a, v), (v, a)):
                r = np.convolve(x, y, mode=mode)
                digest = hashlib.sha256(r.tobytes()).hexdigest()[:16]
                print(mode, x.size, y.size, r.shape, digest, repr(r[: 2].tolist()), repr(r[-1:].tolist()))
