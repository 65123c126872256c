def handle(event):
    match event:
        case {'type': 'click', 'pos': (x, y)}:
            return f'click at {x},{y}'
        case {'type': 'key', 'key': str(k), **rest} if rest:
            return f'key {k} with {sorted(rest)}'
        case {'type': 'key', 'key': k}:
            return f'key {k}'
        case {'type': 'resize', 'size': {'w': w, 'h': h}}:
            return f'resize {w}x{h}'
        case {'type': t}:
            return f'unknown type {t}'
        case {}:
            return 'empty-ish mapping'
        case _:
            return 'not a mapping'
events = [
    {'type': 'click', 'pos': (3, 4)},
    {'type': 'click', 'pos': [5, 6], 'extra': 1},
    {'type': 'key', 'key': 'a', 'shift': True, 'ctrl': False},
    {'type': 'key', 'key': 'b'},
    {'type': 'key', 'key': 5},
    {'type': 'resize', 'size': {'w': 10, 'h': 20, 'd': 1}},
    {'type': 'scroll'},
    {'other': 1},
    [('type', 'click')],
]
for e in events:
    print(handle(e))
from collections import defaultdict
dd = defaultdict(int, {'type': 'dd'})
match dd:
    case {'missing': _}:
        print('matched missing')
    case {'type': v}:
        print('defaultdict type', v, dict(dd))
