eg = ExceptionGroup('several problems', [ValueError('bad value'), TypeError('bad type'), ValueError('another')])
print(eg, repr(eg), len(eg.exceptions), eg.message)
match, rest = eg.split(ValueError)
print(repr(match), repr(rest))
print(repr(eg.subgroup(lambda e: 'type' in str(e))))
print(eg.subgroup(KeyError))
try:
    raise eg
except* ValueError as group:
    print('ValueErrors:', [str(e) for e in group.exceptions])
except* TypeError as group:
    print('TypeErrors:', [str(e) for e in group.exceptions])
nested = ExceptionGroup('outer', [KeyError('k'), ExceptionGroup('inner', [ValueError('deep'), OSError('os')])])
try:
    raise nested
except* (ValueError, OSError) as g:
    print('caught', repr(g))
except* KeyError as g:
    print('caught keys', repr(g))
try:
    raise ValueError('plain')
except* ValueError as g:
    print('plain wrapped:', repr(g))
print(issubclass(ExceptionGroup, Exception), issubclass(BaseExceptionGroup, BaseException))
bg = BaseExceptionGroup('base', [KeyboardInterrupt()])
print(type(bg).__name__, type(BaseExceptionGroup('x', [ValueError()])).__name__)
for bad in [lambda: ExceptionGroup('m', []), lambda: ExceptionGroup('m', [1]), lambda: ExceptionGroup(1, [ValueError()])]:
    try:
        bad()
    except (ValueError, TypeError) as e:
        print(type(e).__name__ + ':', e)
print(eg.derive([KeyError('x')]), eg.exceptions[0] is eg.split(ValueError)[0].exceptions[0])
