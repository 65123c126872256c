sources = ['x = = 1', 'def f(:\n    pass', 'if True\n    pass', "print('unterminated)", 'return 5', 'x = (1, 2', 'for x in range(3):\npass',
           '1 = x', 'f(x for x in y, 1)', 'lambda: (yield)', 'class C:\n    def m(self):\n        nonlocal z', "a = 1 +", "x := 5",
           'del f()', 'import', '  indented = 1', 'break', 'def f():\n    x = 1\n     y = 2']
for src in sources:
    try:
        compile(src, '<src>', 'exec')
        print(repr(src), 'compiled')
    except SyntaxError as e:
        print(f'{src!r:40} {type(e).__name__}: {e.msg} (line {e.lineno})')
