# list.pop() / pop(i) in a hot loop: values, negative indexes, the IndexError
# messages in CPython's order, an index too large for C, a subclass override.
def f(n):
    out = []
    for i in range(n):
        l = [1, 2, 3, 4]
        out.append((l.pop(), l.pop(0), l.pop(-1), l))
        try:
            [].pop()
        except IndexError as e:
            m1 = str(e)
        try:
            [1].pop(5)
        except IndexError as e:
            m2 = str(e)
        try:
            [1].pop(-3)
        except IndexError as e:
            m3 = str(e)
        try:
            [1].pop(2**70)
        except (IndexError, OverflowError) as e:
            m4 = type(e).__name__ + str(e)
    return out[-1], m1, m2, m3, m4
print(f(2000))
class L(list):
    def pop(self, *a): return "sub"
print(L([1]).pop(), [5, 6].pop(-2))
