# f-string and string-prefix SyntaxError messages as 3.11 words them.
sources = [
    "fu''", "uf''", "Fu''", "ufr''", "rfu''", "FUR''", "fb''", "Bf''", 'BF""', "ur''",
    "f'{!r}'", "f'{ !r}'", "f'{:}'", "f'{ :!}'", "f'{:x'", "f'{=}'", "f'{ =}'",
    "f'{3! s}'", "f'{x!s{y}}'", "f'{lambda x:x}'", "f'{a $ b}'", "f'{}'",
]
for src in sources:
    try:
        compile(src, '<string>', 'exec')
        print(repr(src), 'compiled')
    except SyntaxError as e:
        print(f'{src!r:20} {type(e).__name__}: {e.msg} (line {e.lineno})')
