class Multiplier:
    def __init__(self, k):
        self.k = k
    def __call__(self, x, *, offset=0):
        return self.k * x + offset
double = Multiplier(2)
print(double(5), double(5, offset=1), list(map(double, range(4))), callable(double), callable(Multiplier))
print(callable(5), callable(len), callable(lambda: 0), callable('x'), callable(type), callable(None.__class__))
class Pipeline:
    def __init__(self, *steps):
        self.steps = steps
    def __call__(self, value):
        for step in self.steps:
            value = step(value)
        return value
p = Pipeline(str.strip, str.lower, lambda s: s.replace(' ', '_'), len, Multiplier(2))
print(p('  Hello World  '))
five = 5
try:
    five()
except TypeError as e:
    print('TypeError:', e)
text = 'abc'
try:
    text()
except TypeError as e:
    print('TypeError:', e)
class NotCallable:
    pass
try:
    NotCallable()()
except TypeError as e:
    print('TypeError:', e)
class CallViaClassAttr:
    pass
CallViaClassAttr.__call__ = lambda self: 'added later'
print(CallViaClassAttr()())
obj = NotCallable()
obj.__call__ = lambda: 'instance attr'
try:
    obj()
except TypeError as e:
    print('TypeError:', e)
