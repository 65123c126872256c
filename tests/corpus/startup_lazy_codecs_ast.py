# The codecs ascii and latin-1 and the syntax-tree node types are not set up
# at start-up (CPython does not set them up either); they must still work
# when first used, in every way a program reaches them.
import codecs
import io

for name in ("ascii", "us-ascii", "646", "latin-1", "latin1", "latin_1",
             "iso8859-1", "iso8859_1", "l1", "utf-8", "utf8"):
    info = codecs.lookup(name)
    print(name, "->", info.name, info.encode("abc"), info.decode(b"xyz"))

print("caf\xe9".encode("latin-1"), b"caf\xe9".decode("latin-1"))
print("plain".encode("ascii"), b"plain".decode("ascii"))
try:
    "caf\xe9".encode("ascii")
except UnicodeEncodeError as e:
    print("UnicodeEncodeError:", e)
print("caf\xe9".encode("ascii", "replace"), "caf\xe9".encode("ascii", "xmlcharrefreplace"))

for enc in ("ascii", "latin-1"):
    buf = io.BytesIO()
    stream = io.TextIOWrapper(buf, encoding=enc, errors="backslashreplace", newline="\n")
    stream.write("line \u20ac \xe9\n")
    stream.flush()
    print(enc, stream.encoding, buf.getvalue())
    back = io.TextIOWrapper(io.BytesIO(b"caf\xe9\n"), encoding=enc, errors="replace")
    print(enc, repr(back.read()))

enc = codecs.getincrementalencoder("latin-1")()
print(enc.encode("ab\xff"), codecs.getincrementaldecoder("ascii")(errors="ignore").decode(b"a\xffb"))

# PyCF_ONLY_AST (0x400) and PyCF_TYPE_COMMENTS (0x1000) without importing ast.
tree = compile("x = 1 + 2", "<src>", "exec", 0x400)
print(type(tree).__name__, type(tree.body[0]).__name__, tree.body[0].value.op.__class__.__name__)
tree = compile("def f(a):  # type: (int) -> str\n    pass\n", "<src>", "exec", 0x400 | 0x1000)
print(tree.body[0].type_comment)
expr = compile("a if b else c", "<src>", "eval", 0x400)
print(type(expr).__name__, type(expr.body).__name__)
code = compile(tree, "<src>", "exec")
namespace = {}
exec(code, namespace)
print(namespace["f"].__name__)

import ast
print(ast.dump(ast.parse("y = [i for i in z]").body[0].value.generators[0].target))
print(isinstance(tree, ast.AST), ast.Module is type(tree))
