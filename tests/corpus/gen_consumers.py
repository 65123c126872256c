data = [5, 3, 8, 1, 9, 2]
print(sum(x * x for x in data), max(x % 7 for x in data), min((x for x in data), key=lambda v: abs(v - 4)))
print(any(x > 8 for x in data), all(x > 0 for x in data), any(x > 100 for x in data), all(x < 9 for x in data))
print(sorted((x for x in data if x % 2), reverse=True), list(zip((x for x in data), 'abc')), dict(enumerate(x * 2 for x in data[:3])))
print(tuple(reversed([x for x in data])), set(x // 3 for x in data) == {1, 2, 0, 3}, ''.join(str(x) for x in data))
seen = []
def tracing(xs):
    for x in xs:
        seen.append(x)
        yield x
print(any(x > 4 for x in tracing(data)), seen)
seen.clear()
print(all(x > 2 for x in tracing(data)), seen)
seen.clear()
print(next(x for x in tracing(data) if x > 7), seen)
print(sum(1 for _ in range(1000)), max(range(10), key=lambda v: -v), min('hello', default='?'), max([], default=None))
import itertools
print(list(itertools.islice((n * n for n in itertools.count()), 2, 6)), sum(range(10) if True else ()))
print(list(map(lambda p: p[0] * p[1], zip(range(3), range(3, 6)))), list(filter(None, (x % 3 for x in range(7)))))
print(sorted(((x, -x) for x in range(3)), key=lambda t: t[1]), ' '.join(f'{x:02d}' for x in range(3)))
