import os.path
import collections.abc as cabc
from math import pi as PI, sqrt
from itertools import chain as ch, islice
import json, re, string as s
print(os.path.join('a', 'b'), cabc.Mapping.__name__, round(PI, 4), sqrt(81), list(islice(ch('ab', 'cd'), 3)))
print(json.__name__, re.__name__, s.digits, os.sep, os.path.__name__ in ('posixpath', 'ntpath'))
def local_import():
    import textwrap
    from datetime import date
    return textwrap.shorten('hello wonderful world', 12), date(2020, 2, 29).isoformat()
print(local_import(), 'textwrap' in dir())
import importlib
dt = importlib.import_module('datetime')
print(dt.timedelta(days=1, hours=2), dt.date(2024, 1, 31) + dt.timedelta(days=1))
print(__import__('math').factorial(5), __import__('os.path', fromlist=['join']).join('x', 'y'))
