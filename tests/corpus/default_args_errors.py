def two(a, b):
    return a + b
def three(a, b, c=3):
    return a + b + c
def many(a, b, c, d, e):
    pass
for c in [lambda: two(), lambda: two(1), lambda: three(), lambda: three(1, 2, 3, 4), lambda: many(1),
          lambda: many(1, 2, 3), lambda: two(1, a=1), lambda: two(b=2), lambda: three(1, 2, d=4)]:
    try:
        c()
    except TypeError as e:
        print('TypeError:', e)
class Widget:
    def __init__(self, name, size):
        self.name, self.size = name, size
try:
    Widget('x')
except TypeError as e:
    print('TypeError:', e)
try:
    Widget()
except TypeError as e:
    print('TypeError:', e)
try:
    Widget('a', 1, 2)
except TypeError as e:
    print('TypeError:', e)
try:
    object(1)
except TypeError as e:
    print('TypeError:', e)
try:
    class NoInit:
        pass
    NoInit(5)
except TypeError as e:
    print('TypeError:', e)
