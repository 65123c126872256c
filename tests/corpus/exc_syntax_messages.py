# SyntaxError messages as 3.11 words them: brackets that are open when the
# parser fails before the end of input, and messages newer parsers word
# differently.
sources = [
    'def f(:\n    pass', 'class C(:\n    pass', 'if (a:\n    pass', 'x = [1, 2\ny = 3', 'print((1, 2)\nz = 1',
    'd = {\n"a": 1,\n"b": 2\n', 'x = (1, 2', 'foo(\n  1,\n  2\nbar()\n', 'x = (1 +\n 2\ny = 4\n', 'x = (\n1 +\n',
    "s = ('a', '(',\n", 'f(a, [1,\n', 'f(x) = (1,\n', 'x = = 1\ny = (', 'x = [i for i in range(3)\nprint(x)',
    'def f(a, b:\n    pass', '"""doc"""\nx = (', 'x = {  # comment (\n1: 2', 'x = 1\nif (y\n',
    'import', 'import *', 'from x import', 'import a as', 'from a import b as', 'import a as 1',
    '  indented = 1', 'def f():\n    x = 1\n     y = 2', 'x = 1\n  y = 2',
    'def f(a=1, b): pass', 'lambda x=1, y: 0', 'del', 'async = 1', 'raise from x', 'x = lambda: yield',
    'match x:\n    case 1:\n        pass\n    case',
]
for src in sources:
    try:
        compile(src, '<src>', 'exec')
        print(repr(src), 'compiled')
    except SyntaxError as e:
        print(f'{src!r:40} {type(e).__name__}: {e.msg} (line {e.lineno}, col {e.offset})')
# Right message, but RustPython puts the column elsewhere.
for src in ['from x import *, y', 'print(*)', 'f(**)', 'print(*a=1)']:
    try:
        compile(src, '<src>', 'exec')
    except SyntaxError as e:
        print(f'{src!r:40} {type(e).__name__}: {e.msg} (line {e.lineno})')
for src in ['x = (1,\n  2\ny = 3', 'f(:\n  1)', 'import']:
    try:
        exec(src)
    except SyntaxError as e:
        print('exec', repr(src), type(e).__name__, e)
try:
    eval('(1 +\n2')
except SyntaxError as e:
    print('eval', type(e).__name__, e)
