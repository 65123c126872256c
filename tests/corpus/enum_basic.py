from enum import Enum, auto, unique, IntEnum
class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1
print(Color.RED, repr(Color.GREEN), Color.RED.name, Color.RED.value, Color(2), Color['BLUE'], Color.CRIMSON is Color.RED)
print(list(Color), len(Color), [c.name for c in Color], list(Color.__members__))
print(Color.RED == Color.RED, Color.RED == 1, Color.RED in Color, isinstance(Color.RED, Color), type(Color.RED).__name__)
try:
    Color(7)
except ValueError as e:
    print('ValueError:', e)
try:
    Color['PINK']
except KeyError as e:
    print('KeyError:', e)
class Status(Enum):
    PENDING = auto()
    RUNNING = auto()
    DONE = auto()
    def describe(self):
        return f'{self.name.lower()}#{self.value}'
    @property
    def finished(self):
        return self is Status.DONE
print([s.describe() for s in Status], Status.DONE.finished, Status.PENDING.finished)
class Prio(IntEnum):
    LOW = 1
    HIGH = 10
print(Prio.LOW < Prio.HIGH, Prio.HIGH + 1, sorted([Prio.HIGH, Prio.LOW]), Prio(10), int(Prio.LOW), Prio.LOW == 1)
print(f'{Prio.HIGH}', str(Prio.HIGH), format(Prio.LOW, '>5'), f'{Color.RED}')
try:
    @unique
    class Dup(Enum):
        A = 1
        B = 1
except ValueError as e:
    print('ValueError:', e)
try:
    Color.RED = 5
except AttributeError as e:
    print('AttributeError:', e)
Animal = Enum('Animal', 'CAT DOG')
print(list(Animal), Animal.DOG.value, {Color.RED: 'r'}[Color.CRIMSON])
class Planet(Enum):
    EARTH = (5.97e24, 6.37e6)
    MARS = (6.42e23, 3.39e6)
    def __init__(self, mass, radius):
        self.mass, self.radius = mass, radius
print(Planet.MARS.radius, Planet.EARTH.value)
