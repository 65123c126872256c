# Loops whose frames return from compiled code: the value returned is made
# from the exit's values (unboxed ints and floats, booleans, references the
# trace owns or borrows, constants, objects allocation removal kept virtual),
# and every reference the frame held is released, in CPython's order.


class Noisy:
    def __init__(self, name):
        self.name = name

    def __del__(self):
        print("del", self.name)


def int_sum(xs):
    t = 0
    for x in xs:
        t += x
    return t


def float_sum(xs):
    t = 0.0
    for x in xs:
        t += x * 0.5
    return t


def first_over(xs, limit):
    for x in xs:
        if x > limit:
            return x
    return None


def any_negative(xs):
    found = False
    for x in xs:
        if x < 0:
            found = True
    return found


def same_object(xs):
    last = None
    for x in xs:
        last = x
    return last


def fresh_list(n):
    out = []
    for i in range(n):
        out.append(i * i)
    return out


def pair(n):
    a = 0
    b = 1
    for _ in range(n):
        a, b = b, a + b
    return (a, b)


def constant_string(xs):
    for x in xs:
        pass
    return "done"


def alias(xs):
    best = xs[0]
    keep = best
    for x in xs:
        if x > best:
            best = x
    return best if best is keep else keep


def big_ints(n):
    t = 1
    for i in range(n):
        t = t * 3 + i
    return t


def locals_released(n):
    a = Noisy("a%d" % n)
    b = Noisy("b%d" % n)
    t = 0
    for i in range(n):
        t += i
    return t


def rebinding(n):
    cur = Noisy("start%d" % n)
    for i in range(n):
        if i == n - 1:
            cur = Noisy("last%d" % n)
    return cur.name


def main():
    xs = list(range(7))
    ys = [3, 1, 4, 1, 5, 9, 2, 6]
    words = ["a", "bb", "ccc"]
    totals = []
    for k in range(300):
        totals.append(int_sum(xs) + k)
        totals.append(float_sum(ys))
        totals.append(first_over(ys, k % 10))
        totals.append(any_negative([1, -k % 3 - 1, 2]))
        totals.append(same_object(words))
        totals.append(len(fresh_list(k % 9)))
        totals.append(pair(k % 20))
        totals.append(constant_string(ys))
        totals.append(alias(ys))
        totals.append(big_ints(k % 50) % 1000003)
    print(len(totals), totals[:12], totals[-10:])
    print(sum(t for t in totals if type(t) is int))
    print(sum(t for t in totals if type(t) is float))
    for n in range(1, 4):
        print("returned", locals_released(n))
    for n in range(1, 4):
        print("returned", rebinding(n))
    for n in range(40):
        r = locals_released(n % 3 + 3)
    print("after", r)


main()
