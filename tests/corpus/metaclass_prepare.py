class Recorder(dict):
    def __init__(self):
        super().__init__()
        self.order = []
    def __setitem__(self, key, value):
        if not key.startswith('__'):
            self.order.append(key)
        super().__setitem__(key, value)
class Ordered(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print('preparing', name, kw)
        return Recorder()
    def __new__(mcls, name, bases, ns, **kw):
        cls = super().__new__(mcls, name, bases, dict(ns))
        cls.field_order = ns.order
        return cls
class Form(metaclass=Ordered, flavour='x'):
    zeta = 1
    alpha = 2
    def mid(self):
        pass
    beta = 3
    alpha = 4
print(Form.field_order, Form.alpha)
class NoDups(dict):
    def __setitem__(self, k, v):
        if k in self and not k.startswith('__'):
            raise TypeError(f'duplicate attribute {k!r}')
        super().__setitem__(k, v)
class Strict(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        return NoDups()
try:
    class Bad(metaclass=Strict):
        a = 1
        a = 2
except TypeError as e:
    print('TypeError:', e)
