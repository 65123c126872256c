# Container calls consuming generators inline (push::consume), nested,
# over partly consumed generators and peeled generators, near the recursion
# limit.
import sys
def tree(n):
    yield n
    if n > 0:
        yield list(tree(n - 1))
def leaves(xs):
    for x in xs:
        yield x * 2
def partial(n):
    g = (i for i in range(n))
    next(g)
    return list(g)
def self_close():
    ref = []
    def g():
        yield 1
        try:
            ref[0].close()
        except ValueError as e:
            yield str(e)
        yield 3
    it = g()
    ref.append(it)
    return list(it)
def retval():
    def g():
        yield 1
        return 99
    return list(g())
def deep(n):
    if n == 0:
        return list(x for x in range(3))
    return deep(n - 1)
def run():
    out = []
    for k in range(40):
        out.append((list(tree(k % 4)), set(leaves(range(k % 5))), list(y for y in leaves([k, k + 1])),
                    partial(k % 6 + 1), retval()))
    print(out[-1])
    print(out[-4])
    try:
        print(len(deep(sys.getrecursionlimit() - 30)))
    except RecursionError as e:
        print("RecursionError")
    try:
        deep(sys.getrecursionlimit() + 10)
    except RecursionError as e:
        print("RecursionError 2")
run()
