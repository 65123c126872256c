# f-string and string-prefix SyntaxError messages as 3.11 words them.
sources = [
    "fu''", "uf''", "Fu''", "ufr''", "rfu''", "FUR''", "fb''", "Bf''", 'BF""', "ur''",
    "f'{!r}'", "f'{ !r}'", "f'{:}'", "f'{ :!}'", "f'{:x'", "f'{=}'", "f'{ =}'",
    "f'{3! s}'", "f'{x!s{y}}'", "f'{lambda x:x}'", "f'{a $ b}'", "f'{}'",
    # Inside a replacement field, 3.11's f-string parser words the error.
    "f'{((}'", "f'{a[4)}'", "f'{a(4]}'", "f'{a[4}'", "f'{a(4}'",
    "f'{*a}'", 'print(f"{*a}")', "f'{\"x'", "f'{\"x}'", "f'{(\"x'", "f'{(\"x}'",
    # Outside one, it does not.
    "x = (1]", "'abc", "x = *a", "f'{1}' + (2]", "f'{{' + (2]", "f'{1}' 'x",
]
for src in sources:
    try:
        compile(src, '<string>', 'exec')
        print(repr(src), 'compiled')
    except SyntaxError as e:
        print(f'{src!r:20} {type(e).__name__}: {e.msg} (line {e.lineno})')
