class Temperature:
    def __init__(self, celsius=0.0):
        self._c = celsius
    @property
    def celsius(self):
        return self._c
    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError('below absolute zero')
        self._c = value
    @celsius.deleter
    def celsius(self):
        print('deleting')
        self._c = None
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32
    def _get_k(self):
        return self._c + 273.15
    kelvin = property(_get_k, doc='Kelvin')
t = Temperature(25)
print(t.celsius, t.fahrenheit, round(t.kelvin, 2))
t.celsius = 100
print(t.celsius, t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print('ValueError:', e)
try:
    t.fahrenheit = 5
except AttributeError as e:
    print('AttributeError:', e)
try:
    del t.kelvin
except AttributeError as e:
    print('AttributeError:', e)
del t.celsius
print(t._c)
print(type(Temperature.celsius).__name__, Temperature.kelvin.__doc__, Temperature.celsius.fget.__name__)
class Lazy:
    @property
    def value(self):
        raise AttributeError('inner missing')
    def __getattr__(self, name):
        return f'__getattr__({name})'
print(Lazy().value)
class Sub(Temperature):
    @Temperature.celsius.getter
    def celsius(self):
        return f'sub sees {self._c}'
s = Sub(5)
print(s.celsius)
s.celsius = 7
print(s.celsius)
