# Wrong-type arguments to str/bytes methods and constructors, worded as
# CPython 3.11 words them; unknown encodings are named as given.
import codecs
cases = [
    "'a'.encode(1)", "'a'.encode('utf8', 1)", "'a'.encode(errors=1)", "b'a'.decode(1)",
    "bytearray(b'a').decode('utf8', 2)", "'a'.replace(1, 'b')", "'a'.replace('a', 2)", "'a'.split(1)",
    "'a'.rsplit(1)", "'a'.find(1)", "'a'.index(1)", "'a'.count('a', 'x')", "'a'.rfind('a', 0, 'x')",
    "'a'.strip(1)", "'a'.lstrip(1)", "'a'.rstrip(1)", "'a'.removeprefix(1)", "'a'.removesuffix(1)",
    "'a'.partition(1)", "'a'.rpartition(1)", "'a'.center(3, 1)", "'a'.ljust(3, 1)", "'a'.splitlines('x')",
    "b'a'.splitlines(1.5)", "b'a'.index(b'z')", "bytearray(b'a').rindex(b'z')", "bytes.fromhex(1)",
    "str(b'a', 1)", "str(b'a', 'utf8', 1)", "str(encoding=5)", "bytes('a', 1)", "bytearray('a', errors=1)",
    "type(1, (), {})", "type('A', 1, {})", "type('A', (), 1)", "super(1)", "reversed(1)", "reversed({1})",
    "'a'.encode('No-Such')", "b'a'.decode('x y')", "str(b'a', 'Bad.Codec')", "codecs.lookup('No Such')",
    "codecs.encode('a', 'bad c')", "codecs.decode(b'a', 'bad c')", "b'a' + 'b'", "bytearray(b'a') + 1",
    "[1] + (2,)", "[1] + 'a'", "'%c' % 'ab'", "'%c' % 1.5", "b'%c' % 'a'", "b'%c' % b'ab'",
    "complex({})", "complex(None)", "complex(real=[])", "ValueError().add_note(5)",
]
for c in cases:
    try:
        print(c, '->', repr(eval(c)))
    except (TypeError, ValueError, LookupError) as e:
        print(f'{c:36} {type(e).__name__}: {e}')
for bad in [dict(sep=5), dict(end=3), dict(sep=1, end=2)]:
    try:
        print('x', **bad)
    except TypeError as e:
        print(e)
