def level1():
    a = 1
    def level2():
        b = 2
        def level3():
            nonlocal a, b
            a += 10
            b += 20
            return a + b
        r = level3()
        return r, b
    r = level2()
    return r, a
print(level1())
def shadow():
    x = 'outer'
    def inner():
        x = 'inner'
        def innermost():
            nonlocal x
            x = 'changed'
        innermost()
        return x
    return inner(), x
print(shadow())
def counter_class():
    n = 0
    class C:
        def bump(self):
            nonlocal n
            n += 1
            return n
    return C
C = counter_class()
c1, c2 = C(), C()
print(c1.bump(), c2.bump(), c1.bump())
def gen_closure():
    state = 0
    def g():
        nonlocal state
        while state < 3:
            state += 1
            yield state
    return g, lambda: state
g, peek = gen_closure()
print(list(g()), peek())
try:
    exec('def f():\n    nonlocal q\n')
except SyntaxError as e:
    print('SyntaxError:', e.msg)
