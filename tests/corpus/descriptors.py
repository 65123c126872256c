class Typed:
    def __init__(self, kind):
        self.kind = kind
    def __set_name__(self, owner, name):
        self.name = name
        self.slot = '_' + name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return f'<Typed {self.name} on {objtype.__name__}>'
        return getattr(obj, self.slot)
    def __set__(self, obj, value):
        if not isinstance(value, self.kind):
            raise TypeError(f'{self.name} must be {self.kind.__name__}, got {type(value).__name__}')
        setattr(obj, self.slot, value)
class NonData:
    def __get__(self, obj, objtype=None):
        return 'from non-data descriptor'
class Person:
    name = Typed(str)
    age = Typed(int)
    info = NonData()
    def __init__(self, name, age):
        self.name = name
        self.age = age
p = Person('ann', 30)
print(p.name, p.age, Person.name, p.info)
try:
    p.age = 'old'
except TypeError as e:
    print('TypeError:', e)
p.info = 'instance wins'
print(p.info, Person.info, sorted(vars(p)))
p.__dict__['name'] = 'shadow attempt'
print(p.name)
class Counter:
    def __init__(self):
        self.reads = 0
    def __get__(self, obj, objtype=None):
        self.reads += 1
        return self.reads
class Host:
    c = Counter()
h = Host()
print(h.c, h.c, Host.c, Host.__dict__['c'].reads)
class Method:
    def __init__(self, f):
        self.f = f
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return lambda *a: self.f(obj, *a)
class UsesMethod:
    @Method
    def hello(self, x):
        return f'hello {x} from {type(self).__name__}'
print(UsesMethod().hello('world'), type(UsesMethod.hello).__name__)
print(type(len).__name__, type([].append).__name__, type(UsesMethod().__init__).__name__)
f = lambda self: 'bound'
print(f.__get__(h, Host)(), type(f.__get__(h)).__name__)
