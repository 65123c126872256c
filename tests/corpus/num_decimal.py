from decimal import Decimal as D, getcontext, ROUND_HALF_UP, InvalidOperation
print(D('0.1') + D('0.2'), D('1.10') * 3, D('10') / D('4'), D(1) / D(7))
print(D('2.675').quantize(D('0.01')), D('2.675').quantize(D('0.01'), rounding=ROUND_HALF_UP))
print(repr(D('3.140')), str(D('1e3')), D('1e3') + 0, D('-0'), D('NaN'), D('-Infinity'))
print(D('1.30') == D('1.3'), D('0.5') < 1, sorted([D('2.5'), D('-1'), D('0.75')]))
print(D('123.456').as_tuple(), D(0.1) == D('0.1'), D(2) ** 100)
getcontext().prec = 50
print(D(2).sqrt())
print(D(1) / D(3))
getcontext().prec = 6
print(D(1) / D(3), D('12345678') + 1)
for bad in ["D('abc')", "D(1) / D(0)"]:
    try:
        print(eval(bad))
    except Exception as e:
        print(type(e).__name__)
prices = [D('19.99'), D('5.01'), D('0.10')]
print(sum(prices), sum(prices) * D('1.08'))
