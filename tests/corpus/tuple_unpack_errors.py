cases = ["a, b = [1, 2, 3]", "a, b, c = (1, 2)", "a, = []", "a, b = 5", "a, *b, c = [1]",
         "(a, b), c = [1, 2], 3", "[a, b] = 'xyz'", "a, b = {'k': 1}", "a, *b = 'xy'", "*a, b = range(0)"]
for c in cases:
    ns = {}
    try:
        exec(c, ns)
        print(c, '->', {k: v for k, v in ns.items() if k != '__builtins__'})
    except (ValueError, TypeError) as e:
        print(c, '->', type(e).__name__ + ':', e)
def gen():
    yield 1
    yield 2
    yield 3
try:
    x, y = gen()
except ValueError as e:
    print('ValueError:', e)
for a, (b, c) in [(1, (2, 3)), (4, (5, 6))]:
    print(a, b, c)
try:
    for a, b in [(1, 2), (3,)]:
        print(a, b)
except ValueError as e:
    print('ValueError:', e)
