import sys
def infinite(n):
    return infinite(n + 1)
try:
    infinite(0)
except RecursionError as e:
    print('RecursionError:', e)
print('still alive')
def count_depth(n=0):
    try:
        return count_depth(n + 1)
    except RecursionError:
        return n
d = count_depth()
print(d > 100, d < sys.getrecursionlimit())
old = sys.getrecursionlimit()
print(old)
sys.setrecursionlimit(200)
def deep(n):
    return 0 if n == 0 else 1 + deep(n - 1)
try:
    deep(500)
except RecursionError:
    print('RecursionError at limit 200')
print(deep(100))
sys.setrecursionlimit(old)
print(deep(800))
class Loop:
    def __getattr__(self, name):
        return getattr(self, name + 'x')
try:
    Loop().a
except RecursionError as e:
    print('RecursionError in __getattr__')
def mutual_a(n):
    return mutual_b(n)
def mutual_b(n):
    return mutual_a(n)
for _ in range(3):
    try:
        mutual_a(0)
    except RecursionError:
        print('caught again')
print(isinstance(RecursionError(), RuntimeError))
