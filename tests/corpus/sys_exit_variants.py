import sys
for arg in [None, 0, 5, 'text', ('tuple', 1), True]:
    try:
        sys.exit(arg) if arg is not None else sys.exit()
    except SystemExit as e:
        print(repr(e.code), e.args, repr(e))
try:
    raise SystemExit(7, 'extra')
except SystemExit as e:
    print(e.code, e.args)
try:
    quit(4)
except SystemExit as e:
    print('quit', e.code)
try:
    exit('bye')
except SystemExit as e:
    print('exit', e.code)
print(issubclass(SystemExit, Exception), issubclass(SystemExit, BaseException))
try:
    try:
        sys.exit(1)
    except Exception:
        print('not caught by Exception')
except BaseException as e:
    print('caught by BaseException', type(e).__name__)
raise SystemExit(42)
