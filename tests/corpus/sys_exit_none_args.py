# sys.exit() and sys.exit(None) raise SystemExit with no arguments.
import sys
for args in [(), (None,), (0,), ('msg',), ((1, 2),)]:
    try:
        sys.exit(*args)
    except SystemExit as e:
        print(repr(e), e.args, e.code)
sys.exit()
