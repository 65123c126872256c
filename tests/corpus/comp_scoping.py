x = 'global x'
squares = [x for x in range(3)]
print(x, squares)
i = 'outer'
gen = (i * 2 for i in range(3))
print(i, list(gen))
class K:
    factor = 10
    items = [1, 2, 3]
    scaled = [v * 2 for v in items]
    try:
        bad = [v * factor for v in items]
    except NameError as e:
        error = str(e)
print(K.scaled, K.error)
def outer():
    y = 5
    return [y + j for j in range(3)], {k: y for k in 'ab'}, list(lambda: y for _ in range(1))[0]()
print(outer())
print([(a, b) for a in range(3) for b in range(a, 3) if a != b])
funcs = [lambda: n for n in range(3)]
print([f() for f in funcs])
funcs2 = [lambda n=n: n for n in range(3)]
print([f() for f in funcs2])
print([[j for j in range(i)] for i in range(4)])
total = 0
print([total := total + v for v in [1, 2, 3]], total)
