def run(excs):
    try:
        raise ExceptionGroup('batch', excs)
    except* ValueError as g:
        print('  handled ValueErrors', len(g.exceptions))
    except* KeyError as g:
        print('  handled KeyErrors', [e.args[0] for e in g.exceptions])
for excs in [[ValueError(1)], [KeyError('a'), ValueError(2), KeyError('b')]]:
    print('batch of', len(excs))
    run(excs)
try:
    run([TypeError('unhandled'), ValueError(3)])
except ExceptionGroup as rest:
    print('escaped:', repr(rest))
try:
    try:
        raise ExceptionGroup('g', [ValueError('v')])
    except* ValueError:
        raise RuntimeError('raised in handler')
except ExceptionGroup as e:
    print('new group:', repr(e), [type(x).__name__ for x in e.exceptions])
except RuntimeError as e:
    print('runtime', e)
try:
    try:
        raise ExceptionGroup('g', [ValueError('v'), TypeError('t')])
    except* ValueError:
        raise
except ExceptionGroup as e:
    print('reraised:', repr(e))
try:
    raise TypeError('naked')
except* TypeError as g:
    print(type(g).__name__, g.exceptions)
else:
    print('no else')
finally:
    print('finally after except*')
