from datetime import date
class Person:
    population = 0
    def __init__(self, name, born):
        self.name, self.born = name, born
        Person.population += 1
    @classmethod
    def from_string(cls, s):
        name, year = s.split('-')
        return cls(name, int(year))
    @classmethod
    def count(cls):
        return f'{cls.__name__}: {cls.population}'
    @staticmethod
    def is_adult(age):
        return age >= 18
    def age_in(self, year):
        return year - self.born
    def __repr__(self):
        return f'{type(self).__name__}({self.name!r}, {self.born})'
class Student(Person):
    pass
p = Person.from_string('ann-1990')
s = Student.from_string('bo-2010')
print(p, s, Person.count(), Student.count(), p.count())
print(Person.is_adult(20), s.is_adult(s.age_in(2024)), Student.is_adult(5))
print(type(Person.__dict__['from_string']).__name__, type(Person.__dict__['is_adult']).__name__)
print(Person.from_string.__self__ is Person, Student.from_string.__self__ is Student, Person.is_adult.__name__)
sm = staticmethod(lambda: 'called directly')
print(sm(), callable(sm), Person.__dict__['is_adult'](30))
cm = Person.__dict__['count']
print(cm.__func__(Student), cm.__get__(None, Person)())
class Counter:
    _instances = []
    def __new__(cls, *a):
        obj = super().__new__(cls)
        cls._instances.append(obj)
        return obj
    @classmethod
    def instances(cls):
        return len(cls._instances)
Counter(); Counter()
print(Counter.instances())
