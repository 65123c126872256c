name = 'World'
n = 42
items = [1, 2, 3]
d = {'key': 'value', 'n': 7}
print(f'Hello, {name}!')
print(f'{n + 1} {n * 2 = } {n=} {n = :>5}')
print(f'{items} {items[0]} {items[-1] * 10} {len(items)}')
print(f"{d['key']} {d['n']:03d} {d!r}")
print(f'{name!r} {name!s} {"é"!a} {name.upper()} {name[::-1]}')
print(f'{"nested quotes"} {"single" if False else "double"}')
print(f'{3.14159:.2f} {1234567:,} {0.25:.0%} {255:#x} {42:08b}')
print(f'{{braces}} {{{n}}} {n}}}' if False else f'{{braces}} {{{n}}}')
width, prec = 12, 3
print(f'[{3.14159265:{width}.{prec}f}] [{name:^{width}}] [{name:{"*"}>{width}}]')
print(f'{(lambda x: x * 2)(21)} {[i ** 2 for i in range(4)]} {sum(x for x in range(5))}')
print(f'{n if n > 40 else -n} {"yes" if items else "no"} {not items}')
print(f'''multi
line {n}''', f'{n!r:>{width}}', f"{'a' 'b'}")
obj = object.__new__(type('Thing', (), {'__format__': lambda self, spec: f'Thing<{spec}>', '__repr__': lambda self: 'T()'}))
print(f'{obj} {obj:custom} {obj!r} {obj!r:>6}')
x = 10
print(f'{x:{x}}|', f'{x=!r:^10}|', f'{x/3=:.3f}')
