from enum import Flag, IntFlag, auto, StrEnum
class Perm(Flag):
    R = auto()
    W = auto()
    X = auto()
rw = Perm.R | Perm.W
print(rw, repr(rw), Perm.R in rw, Perm.X in rw, rw & Perm.W, ~Perm.R, bool(Perm(0)), Perm(0))
print(list(rw) if hasattr(rw, '__iter__') else '', rw.value, Perm(5), [p.name for p in Perm])
class Mode(IntFlag):
    READ = 4
    WRITE = 2
    EXEC = 1
m = Mode.READ | Mode.EXEC
print(m, repr(m), int(m), m & 4, m | 8, Mode(7), Mode.READ + 1)
class Direction(StrEnum):
    NORTH = auto()
    SOUTH = 'south!'
print(Direction.NORTH, repr(Direction.SOUTH), Direction.NORTH == 'north', Direction.NORTH.upper(), f'{Direction.SOUTH}')
