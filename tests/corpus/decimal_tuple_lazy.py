"""DecimalTuple (made on first use under hipy, without importing
collections at `import decimal`): as_tuple() before the module attribute is
read, the attribute itself, `from decimal import DecimalTuple`, `import *`,
dir(), pickling, construction from a tuple, special values, and a missing
module attribute's error."""
import pickle
import decimal
from decimal import Decimal

t = Decimal("-12.340").as_tuple()
print(t, type(t).__name__, type(t).__module__, t.sign, t.digits, t.exponent)
print(Decimal("NaN123").as_tuple(), Decimal("-Inf").as_tuple(), Decimal("sNaN").as_tuple(), Decimal(0).as_tuple())
print(type(t) is decimal.DecimalTuple, isinstance(t, decimal.DecimalTuple), decimal.DecimalTuple._fields)
from decimal import DecimalTuple
print(DecimalTuple is decimal.DecimalTuple, DecimalTuple(0, (1, 2), -1), Decimal(DecimalTuple(1, (3, 0), 2)))
print("DecimalTuple" in dir(decimal), "Decimal" in dir(decimal))
print(pickle.loads(pickle.dumps(t)) == t, type(pickle.loads(pickle.dumps(t))) is DecimalTuple)
ns = {}
exec("from decimal import *", ns)
print(ns["DecimalTuple"] is DecimalTuple, ns["Decimal"] is Decimal)
print(Decimal((0, (1, 4, 1), -2)), Decimal(t), Decimal(t) == Decimal("-12.340"))
try:
    decimal.no_such_thing
except AttributeError as e:
    print("AttributeError", e)
print(hasattr(decimal, "no_such_thing"), getattr(decimal, "DecimalTuple") is DecimalTuple)
