import numpy as np
# Temporaries that Python keeps in some iterations and drops in others: a
# plan reused from an iteration where a value died must not lose it (or
# overwrite its buffer) in one where it is kept.
n = 7000
a = np.arange(n, dtype=float)
kept = {}
for k in range(8):
    t = a * 2.0 + k
    y = np.sqrt(t) + t
    if k % 3 == 1:
        kept[k] = t
    del t
    print(k, y[:3], y[-1])
for k, t in sorted(kept.items()):
    print("kept", k, t[:3], t[-1])
# a reduction and an array of the same data forced together in some
# iterations only
held = []
for k in range(6):
    x = np.arange(n, dtype=float) * (k + 1)
    s = x.sum()
    m = x.max()
    if k % 2:
        held.append(m)
    print(k, float(s), x[:2])
print([float(v) for v in held])
# a value read again and again across forces (stored after a while)
b = np.linspace(0, 1, n)
e = np.exp(b)
for k in range(6):
    f = e * k
    print(k, f[:2], f[-1])
# source buffers that die in one iteration and are shared in the next
for k in range(6):
    src = np.ones(n) * k
    other = src if k % 2 else None
    out = src * 2.0 + 1.0
    del src
    print(k, out[:2], None if other is None else other[:2])
