# Long coefficients (beyond 38 digits): addition with alignment, products,
# quotients by short and long divisors, rounding at several precisions.
from decimal import Decimal as D, getcontext, localcontext, ROUND_HALF_EVEN, ROUND_DOWN, ROUND_UP, Inexact, Rounded


def pi(prec):
    with localcontext() as c:
        c.prec = prec + 2
        three = D(3)
        lasts, t, s, n, na, d, da = 0, three, 3, 1, 0, 0, 24
        while s != lasts:
            lasts = s
            n, na = n + na, na + 8
            d, da = d + da, da + 32
            t = (t * n) / d
            s += t
    with localcontext() as c:
        c.prec = prec
        return +s


for prec in (10, 39, 40, 100, 401, 1000):
    print(prec, pi(prec))

big = D("1234567890" * 8)
small = D("0.000987654321")
for prec in (5, 28, 50, 90, 200):
    getcontext().prec = prec
    print(prec, big + small, big - small, small - big)
    print(prec, big * big, big * -7, big / 7, big / D("18446744073709551557"), big / D("98765432109876543210987654321"))
    print(prec, D(1) / D(3) * big, (big / 3) * 3 == big, big / big)

getcontext().prec = 120
x = D("9" * 100)
print(x + 1, x * x, (x + 1) / 10**50, x / (x + 1))
print(D("1" + "0" * 80) - D("1e-40"), D("-1" + "0" * 80) + D("1e-40"))
for mode in (ROUND_HALF_EVEN, ROUND_DOWN, ROUND_UP):
    getcontext().rounding = mode
    getcontext().prec = 45
    getcontext().clear_flags()
    print(mode, D("1" * 60) * D("3" * 50), D("2" * 70) / D("7" * 45), bool(getcontext().flags[Inexact]), bool(getcontext().flags[Rounded]))
getcontext().prec = 2000
a = D("7" * 1500)
b = D("3" * 1400 + "1")
print(str(a * b)[-50:], str(a / b)[:60], hash(a * b) == hash(D(int("7" * 1500) * int("3" * 1400 + "1"))))
getcontext().prec = 28
print(sum(D(i) / 7 for i in range(1, 200)))
