r = range(2, 20, 3)
print(r, list(r), len(r), r[0], r[-1], r[2:4], r[::-1], 5 in r, 6 in r, r.index(11), r.count(8))
print(range(5) == range(0, 5), range(0) == range(2, 2), range(1, 10, 2) == range(1, 11, 2), list(range(10, 0, -3)))
print(range(0, -5, -1)[1:], range(10 ** 20)[-1], 10 ** 19 in range(10 ** 20))
try:
    len(range(10 ** 20))
except OverflowError as e:
    print('OverflowError:', e)
print(reversed(range(3)).__class__.__name__, list(reversed(range(1, 8, 2))), sum(range(1, 101)), max(range(7)))
print(repr(range(3)), str(range(1, 2, 3)), hash(range(3)) == hash(range(0, 3)), r.start, r.stop, r.step)
for bad in ["range(1, 2, 0)", "range(1.5)", "range(3)[1.0]", "range(3)[5]", "range(3).index(7)", "range('a')"]:
    try:
        print(eval(bad))
    except (ValueError, TypeError, IndexError) as e:
        print(type(e).__name__ + ':', e)
