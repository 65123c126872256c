def shape(seq):
    match seq:
        case []:
            return 'empty'
        case [x]:
            return f'one: {x}'
        case [x, y]:
            return f'pair: {x}, {y}'
        case [0, *rest]:
            return f'starts with zero, rest {rest}'
        case [first, *middle, last] if len(middle) > 2:
            return f'long: {first}..{last} ({len(middle)} in middle)'
        case (a, b, c):
            return f'triple {a}{b}{c}'
        case [*_, 'end']:
            return 'ends with end'
        case _:
            return 'something else'
for s in [[], [1], (1, 2), [0, 1, 2], [1, 2, 3, 4, 5, 6], [1, 2, 3], ['a', 'b', 'c', 'end'], 'abc', range(2), [1, 2, 3, 4], {1, 2}]:
    print(repr(s), '->', shape(s))
def nested(cmd):
    match cmd:
        case ['go', ('north' | 'south') as d]:
            return f'going {d}'
        case ['take', *items] if items:
            return f'taking {", ".join(items)}'
        case ['drop', [x, y]]:
            return f'dropping pair {x},{y}'
        case [[a, b], [c, d]]:
            return a * d - b * c
    return 'unknown'
for c in [['go', 'north'], ['go', 'east'], ['take', 'key', 'lamp'], ['take'], ['drop', [1, 2]], [[1, 2], [3, 4]], 'go']:
    print(c, '->', nested(c))
