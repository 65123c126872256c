# int <-> float at the edges of the float range, int.from_bytes on subclasses,
# and the message of an unset __slots__ member (CPython 3.11's wording).
import sys
DBL_MAX = sys.float_info.max
int_dbl_max = int(DBL_MAX)
top_power = 2 ** 1024
halfway = (int_dbl_max + top_power) // 2
for v in (int_dbl_max, int_dbl_max + 1, halfway - 1, -(halfway - 1), halfway, -halfway, top_power):
    try:
        print(float(v) == DBL_MAX or float(v) == -DBL_MAX, float(v))
    except OverflowError as e:
        print("OverflowError", e)
for n, d in ((int_dbl_max + 1, 1), (halfway - 1, 1), (halfway, 1), (2 * halfway - 1, 2),
             (-(halfway - 1), 1), (3 * (int_dbl_max + 5), 3), (10 ** 400, 10 ** 92), (1, 3)):
    try:
        print(n / d)
    except OverflowError as e:
        print("OverflowError", e)
print(2 ** 1023 * 1.0, (2 ** 53 + 1) / 1, float(2 ** 53 + 1), float(-(2 ** 63) - 1))

class myint2(int):
    def __new__(cls, value):
        return int.__new__(cls, value + 1)
i = myint2.from_bytes(b'\x01', 'big')
print(type(i).__name__, i)
class myint3(int):
    def __init__(self, value):
        self.foo = 'bar'
j = myint3.from_bytes(b'\x01', 'big')
print(type(j).__name__, j, j.foo)
class other(int):
    def __new__(cls, value):
        return "not an int: %d" % value
print(other.from_bytes(b'\x00\x07', 'little'))
print(bool.from_bytes(b'\x01', 'big'), bool.from_bytes(b'', 'big'), int.from_bytes([255, 1], 'little', signed=True))

def local_slots():
    class Z:
        __slots__ = ('a',)
    try:
        Z().a
    except AttributeError as e:
        print(e)
local_slots()
for v in (int_dbl_max + 1, halfway - 1, halfway):
    try:
        print(format(v, '.3e'), f"{v:g}")
    except OverflowError as e:
        print("OverflowError", e)

class ValidBytes:
    def __bytes__(self):
        return b'\x01\x02'
class InvalidBytes:
    def __bytes__(self):
        return 'abc'
class MissingBytes: ...
class RaisingBytes:
    def __bytes__(self):
        1 / 0
print(int.from_bytes(ValidBytes(), 'big'), int.from_bytes(ValidBytes(), 'little'))
for obj in (InvalidBytes(), MissingBytes(), RaisingBytes()):
    try:
        int.from_bytes(obj, 'big')
    except (TypeError, ZeroDivisionError) as e:
        print(type(e).__name__, e)
