import enum
class Color(enum.Enum):
    RED = 1
    GREEN = 2
class Limits:
    LOW = 10
    HIGH = 20
def classify(v):
    match v:
        case Color.RED:
            return 'red'
        case Color.GREEN as c:
            return f'green {c.value}'
        case Limits.LOW | Limits.HIGH as lim:
            return f'limit {lim}'
        case (1, (2 | 3) as inner) as whole:
            return f'whole {whole} inner {inner}'
        case [int() as a, str() as b]:
            return f'int {a} then str {b}'
        case {'k': [*items] as lst}:
            return f'list under k: {lst} ({len(items)})'
        case x if isinstance(x, float) and x != x:
            return 'nan'
    return 'no match'
for v in [Color.RED, Color.GREEN, 10, 20, 15, (1, 2), (1, 3), (1, 4), [5, 'five'], ['5', 5], {'k': [1, 2]}, {'k': 'str'}, float('nan')]:
    print(repr(v), '->', classify(v))
value = 42
match value:
    case other:
        print('captured', other)
print(other)
