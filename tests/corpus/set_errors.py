s = {1, 2}
for call in [lambda: s.remove(3), lambda: set().pop(), lambda: {[1]}, lambda: s.add({}), lambda: s[0],
             lambda: s + {3}, lambda: frozenset([1]).add(2), lambda: set(1), lambda: s.union(5), lambda: {1} < [1]]:
    try:
        print(call())
    except Exception as e:
        print(type(e).__name__ + ':', e)
try:
    for x in s:
        s.add(x + 10)
except RuntimeError as e:
    print('RuntimeError:', e)
print(sorted(s))
