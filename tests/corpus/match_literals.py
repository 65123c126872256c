def describe(x):
    match x:
        case 0:
            return 'zero'
        case 1 | 2 | 3:
            return 'small'
        case -1:
            return 'minus one'
        case 'hello' | 'hi':
            return 'greeting'
        case True:
            return 'true!'
        case None:
            return 'none'
        case 2.5:
            return 'two and a half'
        case b'raw':
            return 'bytes'
        case int(n) if n > 100:
            return f'big {n}'
        case str() as s if len(s) > 5:
            return f'long string {s!r}'
        case _:
            return f'other {x!r}'
for v in [0, 1, 3, -1, 'hi', 'hello', True, None, 2.5, b'raw', 500, 'verylongstring', 'short', 1.0, False, 0.0, [], 1 + 0j]:
    print(repr(v), '->', describe(v))
