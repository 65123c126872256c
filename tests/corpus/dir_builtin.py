def f():
    alpha = 1
    beta = 2
    return dir()
print(f())
class Base:
    base_attr = 1
    def base_method(self):
        pass
class Child(Base):
    child_attr = 2
    def __init__(self):
        self.inst = 3
print([n for n in dir(Child()) if not n.startswith('__')])
print([n for n in dir(Child) if not n.startswith('__')])
class Custom:
    def __dir__(self):
        return ['z', 'a', 'm']
print(dir(Custom()))
import math
print([n for n in dir(math) if n.startswith('is')])
print('append' in dir([]), 'keys' in dir({}), dir(1)[:3] == sorted(dir(1))[:3], len(dir()) > 0)
print(sorted(n for n in dir() if not n.startswith('__')))
print([n for n in dir(str) if n.startswith('is')])
