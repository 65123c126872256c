from collections import OrderedDict, deque, Counter, namedtuple
from decimal import Decimal
from fractions import Fraction
import datetime
values = [1, -2.5, 1e300, 1 + 2j, 'quote\'s "dq"\n', b'\x00bytes', [1, (2, {3: 'x'})], {'a': {1, 2}}, frozenset([1]),
          None, True, Ellipsis, range(1, 10, 2), slice(1, None, 2), Decimal('1.10'), Fraction(3, 7), OrderedDict(a=1),
          deque([1, 2], maxlen=5), Counter('aab'), datetime.date(2020, 1, 2), datetime.timedelta(seconds=90), bytearray(b'ab'),
          float('inf'), -0.0, 10 ** 30, (), (1,), set(), {}]
env = {'OrderedDict': OrderedDict, 'deque': deque, 'Counter': Counter, 'Decimal': Decimal, 'Fraction': Fraction, 'datetime': datetime, 'inf': float('inf')}
for v in values:
    r = repr(v)
    back = eval(r, env)
    print(r, back == v or (v != v), type(back).__name__)
