from dataclasses import dataclass, field, InitVar, KW_ONLY
@dataclass
class Rect:
    w: float
    h: float
    area: float = field(init=False)
    scale: InitVar[float] = 1.0
    def __post_init__(self, scale):
        self.w *= scale
        self.h *= scale
        self.area = self.w * self.h
print(Rect(2, 3), Rect(2, 3, scale=2))
@dataclass(kw_only=True)
class Options:
    verbose: bool = False
    level: int = 1
print(Options(level=3))
try:
    Options(True)
except TypeError as e:
    print('TypeError:', e)
@dataclass
class Mixed:
    a: int
    _: KW_ONLY
    b: int = 2
    c: int = 3
print(Mixed(1, c=5))
@dataclass(slots=True)
class Slotted:
    x: int
    y: int = 0
s = Slotted(1)
print(s, Slotted.__slots__, hasattr(s, '__dict__'))
try:
    s.z = 1
except AttributeError as e:
    print('AttributeError:', e)
@dataclass
class Base:
    x: int
    y: int = 0
@dataclass
class Derived(Base):
    z: int = 5
    x: int = 100
print(Derived(), Derived(1, 2, 3))
@dataclass(unsafe_hash=True)
class Hashable:
    k: str
    v: int = field(hash=False)
print(hash(Hashable('a', 1)) == hash(Hashable('a', 2)), {Hashable('a', 1)})
@dataclass
class WithClassVar:
    from typing import ClassVar
    count: ClassVar[int] = 0
    name: str = 'n'
print(WithClassVar(), [f for f in WithClassVar.__dataclass_fields__ if f != 'ClassVar'])
@dataclass(eq=True)
class Unhashable:
    v: int
print(Unhashable.__hash__)
