import random
rng = random.Random(1234)
ok = 0
for i in range(2000):
    x = rng.uniform(-1e6, 1e6) * 10 ** rng.randint(-30, 30)
    if float(repr(x)) == x:
        ok += 1
print(ok)
samples = [rng.random() for _ in range(12)]
print(samples)
print([round(s, 3) for s in samples])
print(sum(samples), max(samples), min(samples), sorted(samples)[5])
for text in ['1_000.5', '.5', '5.', '1e5', '1E-5', ' 3.25 ', '-0', '+0.0', 'NaN', '-inf', 'infinity', '1e309', '-1e-400']:
    print(repr(text), float(text))
