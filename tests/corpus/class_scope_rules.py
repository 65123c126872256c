x = 'module'
class A:
    x = 'class'
    y = x
    def method(self):
        return x
    z = [x for _ in range(1)]
    w = (lambda: x)()
print(A.y, A().method(), A.z, A.w)
def outer():
    x = 'function'
    class B:
        print('in class body:', x)
        x = 'class B'
        def m(self):
            return x
    return B().m(), B.x
print(outer())
def outer2():
    v = 'enclosing'
    class C:
        got = v
    return C.got
print(outer2())
class Counter:
    count = 0
    def __init__(self):
        Counter.count += 1
        self.count = Counter.count * 10
a, b = Counter(), Counter()
print(Counter.count, a.count, b.count)
class D:
    items = []
    def add(self, v):
        self.items.append(v)
d1, d2 = D(), D()
d1.add(1)
d2.add(2)
print(D.items, d1.items is d2.items)
