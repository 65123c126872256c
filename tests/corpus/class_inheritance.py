class Animal:
    sound = '...'
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f'{self.name} says {self.sound}'
    def describe(self):
        return f'{type(self).__name__}({self.name}): {self.speak()}'
class Dog(Animal):
    sound = 'woof'
class Puppy(Dog):
    def speak(self):
        return super().speak().upper() + '!'
class Cat(Animal):
    sound = 'meow'
    def __init__(self, name, indoor=True):
        super().__init__(name)
        self.indoor = indoor
    def describe(self):
        base = super().describe()
        return base + (' (indoor)' if self.indoor else ' (outdoor)')
for pet in [Animal('generic'), Dog('rex'), Puppy('bit'), Cat('tom'), Cat('ali', indoor=False)]:
    print(pet.describe())
print(issubclass(Puppy, Animal), isinstance(Puppy('x'), Dog), Puppy.__bases__, Puppy.__base__.__name__)
print([c.__name__ for c in Puppy.__mro__], Dog.__subclasses__())
print(Animal.speak(Dog('direct')), hasattr(Cat('c'), 'indoor'), hasattr(Dog('d'), 'indoor'))
class Base:
    def template(self):
        return f'{self.step1()}-{self.step2()}'
    def step1(self):
        return 'base1'
    def step2(self):
        raise NotImplementedError('subclass must implement step2')
class Impl(Base):
    def step2(self):
        return 'impl2'
print(Impl().template())
try:
    Base().template()
except NotImplementedError as e:
    print('NotImplementedError:', e)
