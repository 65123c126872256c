# Unary minus of attribute values (ints, a bigint edge, a bool, a float) in a
# hot loop: the JIT negates unboxed ints with an overflow exit.
class P:
    def __init__(self, v): self.v = v
def f(n):
    ps = [P(i) for i in range(10)] + [P(2**62), P(-2**63), P(True), P(2.5)]
    t = 0
    for k in range(n):
        for p in ps:
            p.v = -p.v
            t += 1 if p.v else 0
    return t, [p.v for p in ps]
print(f(1001))
