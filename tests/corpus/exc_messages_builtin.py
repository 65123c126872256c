import math
cases = [
    "int('12a')", "float('x1')", "[].pop()", "{}.popitem()", "[1][5]", "(1,)[2]", "'ab'[9]", "{'a': 1}['b']",
    "None.foo", "(1).foo", "'s'.bar", "[].x", "len(5)", "iter(5)", "next(iter([]))", "1 + 'a'", "'a' + 1", "[1] + 'a'",
    "1 < 'a'", "None < None", "sum(['a', 'b'])", "abs('x')", "hash([])", "{[]: 1}", "print(*5)", "int(None)",
    "list.append()", "dict(1)", "'a' * 'b'", "math.sqrt(-1)", "chr(-5)", "ord('ab')", "divmod('a', 1)", "round('x')",
    "tuple(5)", "set([[]])", "min()", "max(1)", "sorted(1)", "'x'.join([1])", "object().__foo__", "type.__name__.x",
    "None()", "[](1)", "(lambda: 0)(1)", "int.real.x", "{}.fromkeys(1)", "bytes('x')", "bytearray(-1)", "slice()",
    "range(1, 2, 3, 4)", "isinstance(1)", "getattr(1)", "setattr(1, 'a', 2)", "memoryview('s')", "complex('x')", "zip(1)",
    "[1, 2, 3][1:2] = 5", "del [][0]", "1 .__class__ = str",
]
for c in cases:
    try:
        try:
            eval(c)
        except SyntaxError:
            exec(c)
        print(c, '-> no error')
    except Exception as e:
        print(f'{c:26} {type(e).__name__}: {e}')
